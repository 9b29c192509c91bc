import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { repoRoot, runCli } from './run-cli.js'

test('--help lists the commands; <command> --help shows its options', () => {
  const overview = runCli(['--help'])
  expect(overview.status).toBe(0)
  expect(overview.stdout).toMatch(/^Usage: toolcat <command>/)
  expect(overview.stdout).toMatch(/\n {2}build +analyse the tool modules and write catalog\.json\n {2}check /)
  const build = runCli(['build', '--help'])
  expect(build.status).toBe(0)
  expect(build.stdout).toMatch(/^Usage: toolcat build \[toolsDir\]/)
  expect(build.stdout).toContain('--out <file>')
})

test('--version prints the package version', () => {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  expect(runCli(['--version'])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' })
})

test.each([
  [['frobnicate'], "unknown command 'frobnicate'"],
  [[], 'a command is needed'],
  [['build', '--frob'], "Unknown option '--frob'"],
  [['build', '--out'], "Option '-o, --out <value>' argument missing"],
  [['check', 'a', 'b'], 'too many arguments for check: a b'],
  [['build', '--outDir', 'out', '--validators', 'eval'], '--validators must be precompiled or runtime, not eval'],
])('bad usage %j exits 2 with a message and no stack trace', (args, message) => {
  const run = runCli(args)
  expect(run.status).toBe(2)
  expect(run.stderr).toContain(message)
  expect(run.stderr).not.toMatch(/\n\s+at /)
})
