import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { beforeAll, describe, expect, test } from 'vitest'
import { copyFixture, repoRoot, runCli, temporaryFolder, type CliRun } from './run-cli.js'

const catalogSchema = JSON.parse(readFileSync(path.join(repoRoot, 'catalog.schema.json'), 'utf8')) as object

describe('toolcat build fixtures/basic', () => {
  let fromRepo: string
  let run: CliRun

  beforeAll(() => {
    const out = path.join(temporaryFolder(), 'catalog.json')
    run = runCli(['build', 'fixtures/basic/tools', '--out', out])
    fromRepo = readFileSync(out, 'utf8')
  })

  test('writes the catalog and prints a one-line summary', () => {
    expect(run.status).toBe(0)
    expect(run.stderr).toMatch(/^✔ 13 tools · 0 errors · 0 warnings · \d+ ms · native TypeScript 7\.\d+\.\d+ → \/.*catalog\.json\n$/)
  })

  test('the catalog validates against catalog.schema.json, itself a valid draft-07 schema', () => {
    const ajv = new Ajv({ strict: true })
    expect(ajv.validateSchema(catalogSchema)).toBe(true)
    const validate = ajv.compile(catalogSchema)
    const catalog = JSON.parse(fromRepo) as { tools: { name: string; parameters: object }[] }
    expect(validate(catalog), JSON.stringify(validate.errors)).toBe(true)
    for (const tool of catalog.tools) expect(new Ajv().validateSchema(tool.parameters), tool.name).toBe(true)
  })

  test('a copy built elsewhere, from another working directory, to the default out, gives identical bytes', () => {
    const copy = copyFixture('basic')
    const second = runCli(['build'], copy)
    expect(second.status).toBe(0)
    expect(second.stderr).toMatch(/→ catalog\.json\n$/)
    expect(readFileSync(path.join(copy, 'catalog.json'), 'utf8')).toBe(fromRepo)
  })

  test('with --out and --outDir the summary line names both, relative to the working directory', () => {
    const copy = copyFixture('basic')
    const run = runCli(['build', 'tools', '--out', 'catalog.json', '--outDir', 'out'], copy)
    expect(run.status).toBe(0)
    expect(run.stderr).toMatch(/ → catalog\.json, out\n$/)
    expect(readFileSync(path.join(copy, 'out/catalog.json'), 'utf8')).toBe(readFileSync(path.join(copy, 'catalog.json'), 'utf8'))
  })

  test('--json prints the catalog and the diagnostics on stdout', () => {
    const out = path.join(temporaryFolder(), 'catalog.json')
    const json = runCli(['build', 'fixtures/basic/tools', '--out', out, '--json'])
    expect(json.status).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ catalog: JSON.parse(fromRepo), diagnostics: [] })
  })
})

test('toolcat check reports like build and writes nothing', () => {
  const copy = copyFixture('basic')
  const before = readdirSync(copy, { recursive: true })
  const run = runCli(['check', 'tools'], copy)
  expect(run.status).toBe(0)
  expect(run.stderr).toMatch(/^✔ 13 tools · 0 errors · 0 warnings · \d+ ms · ts-morph TypeScript 6\.\d+\.\d+\n$/)
  expect(existsSync(path.join(copy, 'catalog.json'))).toBe(false)
  expect(readdirSync(copy, { recursive: true })).toEqual(before)
})

test('a missing tsconfig given with --tsconfig is a diagnostic, not a crash', () => {
  const run = runCli(['check', 'fixtures/basic/tools', '--tsconfig', 'nope/tsconfig.json'])
  expect(run.status).toBe(1)
  expect(run.stderr).toMatch(/nope\/tsconfig\.json - error TC1011: cannot use the tsconfig: /)
})

test('a tools folder that does not exist says so, for build and for build --watch, which then does not start', () => {
  const project = temporaryFolder()
  for (const args of [['build', 'tool'], ['build', 'tool', '--outDir', 'out', '--watch']]) {
    const run = runCli(args, project)
    expect(run.status, args.join(' ')).toBe(1)
    expect(run.stderr).toMatch(/^tool - error TC1009: the tools folder tool does not exist\n {2}hint: /)
    expect(run.stderr).not.toContain('no tool modules found')
    expect(run.stderr).not.toContain('watching')
  }
})
