import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeSearchTool } from '../../src/runtime/search/search-tool-description.js'
import { repoRoot, runCli, temporaryFolder } from '../cli/run-cli.js'

// What a model is told before it searches, over fixtures/namespaces (built by the CLI): tools in
// two modules of tools/shop (billing.ts opens with a module doc comment, stock.ts has none) and
// tools/support/tickets.ts, whose first JSDoc is its first tool's and whose second tool is tagged
// `@namespace billing`.
let folder: string
let catalogFile: string
beforeAll(() => {
  folder = temporaryFolder()
  catalogFile = path.join(folder, 'catalog.json')
  const run = runCli(['build', 'fixtures/namespaces/tools', '--out', catalogFile])
  if (run.status !== 0) throw new Error(run.stderr)
}, 60_000)
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const exported = (format: string, ...flags: string[]) => {
  const run = runCli(['export', '--catalog', catalogFile, '--format', format, '--defer', ...flags])
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout) as { tools: Record<string, any>[] }
}

describe('the catalog carries module doc comments and @namespace tags', () => {
  test('a module doc comment is shared by its tools, a JSDoc on a declaration is not one, and the catalog stays valid', () => {
    const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as { tools: Record<string, any>[] }
    const schema = JSON.parse(readFileSync(path.join(repoRoot, 'catalog.schema.json'), 'utf8'))
    const validate = new Ajv({ strict: false }).compile(schema)
    expect(validate(catalog), JSON.stringify(validate.errors)).toBe(true)
    const byName: Record<string, Record<string, any>> = Object.fromEntries(catalog.tools.map((tool) => [tool.name, tool]))
    expect(byName.create_invoice?.moduleDescription).toBe("Invoices and refunds of the shop's customers.")
    expect(byName.refund_invoice?.moduleDescription).toBe("Invoices and refunds of the shop's customers.")
    expect(byName.count_stock).not.toHaveProperty('moduleDescription')
    expect(byName.open_ticket).not.toHaveProperty('moduleDescription')
    expect(byName.refund_from_ticket?.namespace).toBe('billing')
    // Grouping data is for exports: the built registry's listing does not carry it.
    expect(Object.values(byName).filter((tool) => tool.namespace !== undefined).map((tool) => tool.name)).toEqual(['refund_from_ticket'])
  })
})

describe('toolcat export --format openai --defer', () => {
  test('namespaces by module or @namespace tag, described by the module doc comment or the tools’ summaries', () => {
    const output = exported('openai', '--pin', 'count_stock')
    const namespaces = output.tools.filter((tool) => tool.type === 'namespace')
    expect(namespaces.map((namespace) => [namespace.name, namespace.tools.map((tool: { name: string }) => tool.name)])).toEqual([
      ['billing', ['create_invoice', 'refund_from_ticket', 'refund_invoice']],
      ['stock', ['move_stock']],
      ['tickets', ['open_ticket']],
    ])
    expect(namespaces.map((namespace) => namespace.description)).toEqual([
      "Invoices and refunds of the shop's customers.",
      'move_stock: Move units of a product between warehouses.',
      "open_ticket: Open a support ticket for a customer: this comment is the tool's, not the module's.",
    ])
    expect(namespaces.every((namespace) => !/^\d+ tools?: /.test(namespace.description))).toBe(true)
    // The same catalog, the same bytes.
    expect(JSON.stringify(exported('openai', '--pin', 'count_stock'))).toBe(JSON.stringify(output))
  })

  test('modules of the same file name are told apart by their folder', () => {
    const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as { tools: Record<string, any>[] }
    const twin = { ...catalog.tools.find((tool) => tool.name === 'move_stock'), name: 'move_archive', source: { module: 'tools/archive/stock.ts', export: 'moveArchive' } }
    const file = path.join(folder, 'twin.json')
    writeFileSync(file, JSON.stringify({ ...catalog, tools: [...catalog.tools, twin] }))
    const run = runCli(['export', '--catalog', file, '--format', 'openai', '--defer'])
    expect(run.status, run.stderr).toBe(0)
    const names = (JSON.parse(run.stdout) as { tools: { type: string; name: string }[] }).tools.filter((tool) => tool.type === 'namespace').map((tool) => tool.name)
    expect(names).toEqual(expect.arrayContaining(['shop_stock', 'archive_stock']))
    expect(names).not.toContain('stock')
  })
})

describe("tool_search's description is written from the catalog", () => {
  test('its vocabulary and two example queries come from the tools it can find', () => {
    const [search] = exported('mcp', '--pin', 'count_stock').tools
    const description = search?.description as string
    expect(description).toMatch(/^Finds the tools that can do a task \(5 tools about [a-z, ]+\)/)
    for (const word of ['invoice', 'refund', 'ticket']) expect(description).toContain(word)
    const examples = [...description.matchAll(/'([^']+)'/g)].map((match) => match[1])
    expect(examples).toHaveLength(2)
    // Each example is made from a findable tool's name: the pinned tool is never one.
    const findable = ['create invoice', 'refund invoice', 'refund from ticket', 'move stock', 'open ticket']
    for (const example of examples) expect(findable).toContain(example)
    expect(description).not.toMatch(/pull request|repositor/)
  })

  test('other tools, other words and examples; the same tools, the same bytes; no tools, no examples', () => {
    const weather = [
      { name: 'forecast', summary: 'Daily forecast for a city for the next few days.' },
      { name: 'alerts', summary: 'Active weather alerts for a region.' },
    ]
    const text = describeSearchTool(weather)
    expect(text).toContain('2 tools about ')
    expect(text).toContain("(e.g. 'daily forecast for a city', 'active weather alerts for a region')")
    expect(describeSearchTool([...weather])).toBe(text)
    const none = describeSearchTool([])
    expect(none).not.toContain('e.g.')
    expect(none).toMatch(/^Finds the tools that can do a task\. /)
  })
})
