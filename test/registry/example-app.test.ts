import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { repoRoot } from './out-dir.js'

const project = mkdtempSync(path.join(tmpdir(), 'toolcat-example-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

test('`toolcat build --outDir` output runs the fixtures/basic example app in plain Node', () => {
  const cli = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'dist/src/cli/bin.js'), 'build', 'fixtures/basic/tools', '--out', path.join(project, 'catalog.json'), '--outDir', path.join(project, 'out')],
    { cwd: repoRoot, encoding: 'utf8' },
  )
  expect(cli.status, cli.stderr).toBe(0)
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  copyFileSync(path.join(repoRoot, 'fixtures/basic/app.mjs'), path.join(project, 'app.mjs'))

  const app = spawnSync(process.execPath, ['app.mjs'], { cwd: project, encoding: 'utf8' })
  expect(app.stderr).toBe('')
  const lines = app.stdout.trim().split('\n')
  expect(lines).toContain('current_time: The current date and time on the server, in ISO 8601.')
  expect(lines.at(-2)).toBe(
    'weather → {"id":"call-1","name":"weather","success":true,"value":{"city":"Lyon, FR","units":"metric","temperature":18,"conditions":"cloudy"}}',
  )
  expect(lines.at(-1)).toBe('convert_currency → {"id":"call-2","name":"convert_currency","success":true,"value":{"amount":13.75,"currency":"JPY"}}')
}, 120_000)
