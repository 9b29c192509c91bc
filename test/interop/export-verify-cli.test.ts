import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { repoRoot, runCli, temporaryFolder } from '../cli/run-cli.js'
import { richCatalog } from './rich-catalog.js'

const richFile = path.join(repoRoot, 'fixtures/interop/rich-catalog.json')
const projectTools = 'fixtures/interop/project/tools'

describe('toolcat export', () => {
  test('--catalog --strict --out writes the provider JSON and reports every change on stderr', () => {
    const out = path.join(temporaryFolder(), 'openai.json')
    const run = runCli(['export', '--catalog', richFile, '--format', 'openai', '--strict', '--out', out])
    const expected = exportTools(richCatalog, 'openai', { strict: true })
    expect(run.status).toBe(0)
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(expected.output)
    expect(run.stderr.trim().split('\n')).toEqual(expected.warnings.map((w) => `warning: ${w.tool} ${w.path}: ${w.message}`))
  })

  test('from a tools folder, to stdout: the MCP tools/list result of the analysed tools', () => {
    const run = runCli(['export', projectTools, '--format', 'mcp'])
    expect(run.status).toBe(0)
    const listed = JSON.parse(run.stdout) as { tools: { name: string; annotations: object }[] }
    expect(listed.tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      ['greet', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      ['transfer', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
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

  test('a missing catalog file is a usage error', () => {
    const run = runCli(['verify', path.join(temporaryFolder(), 'none.json'), '--tools', projectTools])
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/cannot read .*none\.json: ENOENT/)
  })
})
