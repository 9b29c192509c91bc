import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The commands at the top of README.md: the first fenced `sh` block, one command a line. */
function readmeCommands(): string[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const block = /^```sh\n([\s\S]*?)```/m.exec(readme)?.[1]
  if (block === undefined) throw new Error('README.md has no sh block')
  return block.trim().split('\n')
}

const copies: string[] = []
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true })
})

test('README starts with two commands, and .ci/run runs the installation and then exactly the test command (the whole suite on Node 24, then 26)', () => {
  const commands = readmeCommands()
  expect(commands).toEqual(['npm ci && npm run build && npm run example', 'npm test'])
  const ci = readFileSync(path.join(root, '.ci/run'), 'utf8')
  const run = ci.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#') && !/^(set|cd) /.test(line))
  expect(run).toEqual(['npm ci --no-fund --no-audit', ...commands.slice(1)])
})

test("README's first command, as written, works in a fresh copy of the repository", () => {
  // The files a clone has (tracked, plus new ones not ignored): no node_modules, no dist/.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
  const copy = mkdtempSync(path.join(tmpdir(), 'toolcat-clone-'))
  copies.push(copy)
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
    cpSync(path.join(root, file), path.join(copy, file))
  }
  const [first] = readmeCommands()
  // npm's cache stands in for the network: the same packages, fetched once.
  const run = spawnSync('sh', ['-c', first as string], { cwd: copy, encoding: 'utf8', env: { ...process.env, npm_config_prefer_offline: 'true' } })
  expect(run.status, run.stderr).toBe(0)
  expect(run.stdout).toMatch(/^weather: Current weather for a city\.$/m)
  expect(run.stdout).toMatch(/^weather → \{"id":"call-1","name":"weather","success":true,/m)
  expect(run.stdout).toMatch(/^convert_currency → \{"id":"call-2","name":"convert_currency","success":true,/m)
}, 600_000)
