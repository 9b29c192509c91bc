import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { exportTools, reportExport } from '../../src/interop/profiles/index.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { repoRoot, runCli, temporaryFolder } from '../cli/run-cli.js'
import { richCatalog } from './rich-catalog.js'

const richFile = path.join(repoRoot, 'fixtures/interop/rich-catalog.json')
const projectTools = 'fixtures/interop/project/tools'
const recordTools = 'fixtures/interop/records/tools'

describe('toolcat export', () => {
  test('--strict refuses a catalog whose tools strict mode cannot take: exit 1, one error line per tool, nothing written', () => {
    const out = path.join(temporaryFolder(), 'openai.json')
    const run = runCli(['export', '--catalog', richFile, '--format', 'openai', '--strict', '--out', out])
    expect(run.status).toBe(1)
    expect(existsSync(out)).toBe(false)
    const errors = run.stderr.split('\n').filter((line) => line.startsWith('error: '))
    expect(errors.map((line) => line.split(':')[1]?.trim())).toEqual(['pay_invoice', 'search_docs', 'tag_record'])
    expect(errors[2]).toBe(
      'error: tag_record: 2 lossy changes: /function/parameters/properties/metadata/additionalProperties: open record closed (strict mode requires additionalProperties: false): the model can send only the declared keys (none, so {} only); ' +
        '/function/parameters/properties/labels/additionalProperties: open record closed (strict mode requires additionalProperties: false): the model can send only the declared keys (none, so {} only)',
    )
    expect(run.stderr).toMatch(/toolcat: nothing written: openai cannot take 3 tools as declared; change the types, or pass --lossy/)
  })

  test('--strict --lossy writes the provider JSON; the report is one line per tool and kind, not one per property', () => {
    const out = path.join(temporaryFolder(), 'openai.json')
    const run = runCli(['export', '--catalog', richFile, '--format', 'openai', '--strict', '--lossy', '--out', out])
    const expected = exportTools(richCatalog, 'openai', { strict: true })
    expect(run.status).toBe(0)
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(expected.output)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toEqual(reportExport(expected.warnings, true).lines)
    expect(lines).toContain('note: create_user: 4 cosmetic rewrites (3× optional property made required and nullable; 1× optional property made required (it already accepts null))')
    expect(lines.length).toBeLessThan(expected.warnings.length)
  })

  describe('a tools folder with `metadata?: Record<string, unknown>`', () => {
    let recordCatalog: string
    beforeAll(() => {
      recordCatalog = path.join(temporaryFolder(), 'catalog.json')
      expect(runCli(['build', recordTools, '--out', recordCatalog]).status).toBe(0)
    })

    test('--strict on a tool with an open record exits 1 without --lossy, 0 with it', () => {
      const refused = runCli(['export', recordTools, '--format', 'openai', '--strict'])
      expect(refused.status).toBe(1)
      expect(refused.stdout).toBe('')
      expect(refused.stderr).toMatch(/^error: annotate_order: 1 lossy change: \/function\/parameters\/properties\/metadata\/additionalProperties: open record closed/m)
      const lossy = runCli(['export', '--catalog', recordCatalog, '--format', 'openai', '--strict', '--lossy'])
      expect(lossy.status).toBe(0)
      expect(lossy.stderr).toMatch(/^warning: annotate_order: lossy \(--lossy\): \/function\/parameters\/properties\/metadata\/additionalProperties/m)
      const parameters = JSON.parse(lossy.stdout).tools[0].function.parameters
      expect(parameters.properties.metadata).toMatchObject({ type: ['object', 'null'], additionalProperties: false })
      // Without strict mode OpenAI takes the record as it is.
      const plain = runCli(['export', '--catalog', recordCatalog, '--format', 'openai'])
      expect(plain.status).toBe(0)
      expect(JSON.parse(plain.stdout).tools[0].function.parameters.properties.metadata).toMatchObject({ type: 'object', additionalProperties: {} })
    })

    test('a dropped constraint reaches the model in the description (Gemini)', () => {
      const run = runCli(['export', '--catalog', recordCatalog, '--format', 'gemini'])
      expect(run.status).toBe(0)
      const [declaration] = JSON.parse(run.stdout).tools[0].functionDeclarations
      // A record: only parametersJsonSchema can say it, so the pattern Gemini ignores there is described.
      expect(declaration.parametersJsonSchema.properties.orderId).toEqual({ type: 'string', description: 'Must match the regular expression ^ORD-[0-9]{6}$.' })
      expect(run.stderr).toMatch(/^note: annotate_order: 1 constraint written into descriptions: \/parametersJsonSchema\/properties\/orderId\/pattern$/m)
    })
  })

  test('from a tools folder, to stdout: the MCP tools/list result of the analysed tools', () => {
    const run = runCli(['export', projectTools, '--format', 'mcp'])
    expect(run.status).toBe(0)
    const listed = JSON.parse(run.stdout) as { tools: { name: string; annotations: object }[] }
    expect(listed.tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['greet', { readOnlyHint: true }],
      ['transfer', { destructiveHint: true }],
    ])
  })

  test('an unknown format is a usage error', () => {
    const run = runCli(['export', '--catalog', richFile, '--format', 'cohere'])
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/--format must be one of openai, anthropic, gemini, mcp/)
  })
})

describe('toolcat verify', () => {
  let catalogFile: string
  let built: Catalog

  beforeAll(() => {
    catalogFile = path.join(temporaryFolder(), 'catalog.json')
    expect(runCli(['build', projectTools, '--out', catalogFile]).status).toBe(0)
    built = JSON.parse(readFileSync(catalogFile, 'utf8')) as Catalog
  })

  test('a freshly built catalog matches its sources', () => {
    const run = runCli(['verify', catalogFile, '--tools', projectTools])
    expect(run.stdout).toBe('catalog matches its sources (2 tools)\n')
    expect(run.status).toBe(0)
  })

  test('a tampered catalog reports each drift and exits 1', () => {
    const [greet] = built.tools
    const tampered = { ...built, tools: [{ ...greet!, description: 'Greet anyone.' }] }
    const file = path.join(temporaryFolder(), 'catalog.json')
    writeFileSync(file, JSON.stringify(tampered))
    const run = runCli(['verify', file, '--tools', projectTools])
    expect(run.status).toBe(1)
    expect(run.stdout.split('\n').map((line) => line.split(/ {2,}/).slice(0, 2).join(' '))).toEqual([
      'catalog-hash *',
      'tampered greet',
      'changed greet',
      'added transfer',
      '',
    ])
  })

  test('a catalog built on one checker verifies on the other; a drift names its first JSON pointer and both values', () => {
    const tools = 'fixtures/issue-constructs/tools'
    const file = path.join(temporaryFolder(), 'catalog.json')
    expect(runCli(['build', tools, '--out', file, '--checker', 'ts-morph']).status).toBe(0)
    const run = runCli(['verify', file, '--tools', tools, '--checker', 'native'])
    expect(run.stdout).toBe('catalog matches its sources (3 tools)\n')
    expect(run.status).toBe(0)
    const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog
    const reordered = catalog.tools.map((tool) => (tool.name === 'open_ticket' ? { ...tool, parameters: { ...tool.parameters, required: ['title', 'tenant'] } } : tool))
    writeFileSync(file, JSON.stringify({ ...catalog, tools: reordered }))
    const drift = runCli(['verify', file, '--tools', tools, '--checker', 'native'])
    expect(drift.status).toBe(1)
    expect(drift.stdout).toContain('first at /parameters/required/0: catalog "title", sources "tenant"')
  })

  test('a missing catalog file is an error said as a sentence (exit 1)', () => {
    const run = runCli(['verify', path.join(temporaryFolder(), 'none.json'), '--tools', projectTools])
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/Cannot read the catalog .*none\.json: there is no such file \(ENOENT\)\./)
  })
})
