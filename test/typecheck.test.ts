import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

test('the sources, plugins and tests type-check under strict settings', () => {
  const run = spawnSync(process.execPath, ['node_modules/typescript6/bin/tsc', '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' })
  expect(run.stdout + run.stderr).toBe('')
  expect(run.status).toBe(0)
}, 120_000)
