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

test('every command in the list loads the command of its name, whose help names it too', async () => {
  const { commands } = await import('../../src/cli/commands.js')
  expect(commands.map((entry) => entry.name)).toEqual(['build', 'check', 'export', 'diff', 'verify', 'search', 'serve'])
  for (const entry of commands) {
    const command = await entry.load()
    expect(command.name).toBe(entry.name)
    expect(command.help).toMatch(new RegExp(`^Usage: toolcat ${entry.name}\\b`))
  }
})

test('--version prints the package version', () => {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  expect(runCli(['--version'])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' })
})

test.each([
  [['frobnicate'], "toolcat: unknown command 'frobnicate'; run toolcat --help for the list"],
  [['biuld'], "toolcat: unknown command 'biuld'; did you mean 'build'? run toolcat --help for the list"],
  [[], 'toolcat: a command is needed'],
  [['build', '--frob'], 'toolcat: unknown option --frob\nrun toolcat build --help for its options'],
  [['build', '--outdir', 'out'], 'toolcat: unknown option --outdir; did you mean --outDir?\nrun toolcat build --help for its options'],
  [['build', '--ouDtir', 'out'], 'toolcat: unknown option --ouDtir; did you mean --outDir?'],
  [['build', '-outDir', 'out'], 'toolcat: unknown option -outDir; did you mean --outDir?'],
  [['build', '--tsconfg', 'x.json'], 'toolcat: unknown option --tsconfg; did you mean --tsconfig?'],
  [['serve', '--page_size', '3'], 'toolcat: unknown option --page_size; did you mean --page-size?\nrun toolcat serve --help for its options'],
  [['build', '--out'], 'toolcat: --out needs a value\nrun toolcat build --help for its options'],
  [['build', '-o'], 'toolcat: -o (--out) needs a value'],
  [['build', '--out', '--json'], 'toolcat: --out needs a value, got the option --json (write --out=--json if that is the value)'],
  [['build', '--json=yes'], 'toolcat: --json takes no value'],
  [['check', 'a', 'b'], 'toolcat: too many arguments for check: a b'],
  [['build', '--outDir', 'out', '--validators', 'eval'], 'toolcat: --validators must be precompiled or runtime, not eval'],
  [['build', '--watch', '--json'], 'toolcat: --json and --watch do not go together'],
])('bad usage %j exits 2 with toolcat\'s own message, never parseArgs text or a stack trace', (args, message) => {
  const run = runCli(args)
  expect(run.status).toBe(2)
  expect(run.stderr).toContain(message)
  expect(run.stderr).not.toMatch(/\n\s+at |ERR_PARSE_ARGS|To specify a positional argument|Unknown option '/)
})
