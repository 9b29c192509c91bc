import { expect, test } from 'vitest'
import { hashCatalog, hashEntry } from '../../src/analyze/hash.js'
import { verifyCatalog } from '../../src/interop/verify.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { richCatalog } from './rich-catalog.js'

const rehashed = (tools: Catalog['tools']): Catalog => {
  const withHashes = tools.map((tool) => ({ ...tool, hash: hashEntry(tool) }))
  return { ...richCatalog, tools: withHashes, hash: hashCatalog(withHashes) }
}

test('the fixture catalog carries correct entry and catalog hashes, so it verifies against itself', () => {
  expect(verifyCatalog(richCatalog, structuredClone(richCatalog))).toEqual([])
})

test('a hand edit that kept the old hash is tampering, and drift from the sources', () => {
  const [first, ...rest] = richCatalog.tools
  const edited = { ...richCatalog, tools: [{ ...first!, description: 'edited by hand' }, ...rest] }
  expect(verifyCatalog(edited, richCatalog)).toEqual([
    { tool: 'add', kind: 'tampered', message: expect.stringMatching(/^entry content hashes to sha256-/) },
    { tool: 'add', kind: 'changed', message: `differs from the sources at description; first at /description: catalog "edited by hand", sources ${JSON.stringify(first!.description)}` },
  ])
})

test('sources that changed, lost a tool or gained one are drift per tool', () => {
  const [add, createUser, ...rest] = richCatalog.tools
  const sources = rehashed([{ ...add!, parameters: { ...add!.parameters, required: ['left'] } }, ...rest, { ...createUser!, name: 'zz_new' }])
  const recorded = rehashed(richCatalog.tools)
  expect(verifyCatalog(recorded, sources)).toEqual([
    { tool: 'add', kind: 'changed', message: 'differs from the sources at parameters.right; first at /parameters/required/1: catalog "right", sources (absent)' },
    { tool: 'create_user', kind: 'missing', message: 'in the catalog but no longer in the sources' },
    { tool: 'zz_new', kind: 'added', message: 'in the sources but not in the catalog' },
  ])
})

test('a catalog hash that does not cover its entries is reported once', () => {
  const drift = verifyCatalog({ ...richCatalog, hash: 'sha256-stale' }, richCatalog)
  expect(drift).toEqual([{ tool: '*', kind: 'catalog-hash', message: 'catalog hash does not match the hashes of its entries' }])
})

test('a change the diff does not classify names its first JSON pointer and both values: property order, required order', () => {
  const [add, ...rest] = richCatalog.tools
  const properties = add!.parameters['properties'] as Record<string, unknown>
  const reordered = Object.fromEntries(Object.entries(properties).reverse())
  const required = [...((add!.parameters['required'] as string[] | undefined) ?? [])].reverse()
  const sources = rehashed([{ ...add!, parameters: { ...add!.parameters, properties: reordered, required } }, ...rest])
  const [drift] = verifyCatalog(rehashed(richCatalog.tools), sources)
  const before = (add!.parameters['required'] as string[])
  expect(drift).toEqual({ tool: 'add', kind: 'changed', message: `differs from the sources first at /parameters/properties: catalog ${JSON.stringify(Object.keys(properties))}, sources ${JSON.stringify(Object.keys(reordered))}` })
  expect(before.length).toBeGreaterThan(1)
  const moved = rehashed([{ ...add!, source: { ...add!.source, module: 'tools/moved.ts' } }, ...rest])
  expect(verifyCatalog(rehashed(richCatalog.tools), moved)[0]?.message).toBe(`differs from the sources first at /source/module: catalog ${JSON.stringify(add!.source.module)}, sources "tools/moved.ts"`)
})

test('every catalog field, the order and the uniqueness of entries are checked', () => {
  const [first, second] = richCatalog.tools
  const tampered = (changes: Partial<Catalog> & Record<string, unknown>): Catalog => ({ ...richCatalog, ...changes }) as Catalog
  const kinds = (catalog: Catalog) => verifyCatalog(catalog, richCatalog).map((drift) => [drift.kind, drift.message])
  expect(kinds(rehashed([first!, first!, ...richCatalog.tools.slice(1)]))).toEqual([['duplicate', 'the catalog holds this entry more than once']])
  expect(kinds(rehashed([second!, first!, ...richCatalog.tools.slice(2)]))).toEqual([['order', `out of name order: after ${second!.name}`]])
  expect(kinds(tampered({ catalogVersion: 99 as 1 }))).toEqual([['field', 'field catalogVersion is 99, the sources give 1']])
  expect(kinds(tampered({ generator: { name: 'evil' as 'toolcat', version: '6.6.6' } }))[0]?.[0]).toBe('field')
  expect(kinds(tampered({ package: { name: 'someone-else' } }))[0]?.[0]).toBe('field')
  expect(kinds(tampered({ extra: true }))).toEqual([['field', 'field extra is not a catalog field']])
})

test('a key named __proto__ counts in the hash, like any other key', () => {
  const [first, ...rest] = richCatalog.tools
  const properties = { ...(first!.parameters.properties as Record<string, unknown>) }
  Object.defineProperty(properties, '__proto__', { value: { type: 'string' }, enumerable: true })
  const edited = { ...richCatalog, tools: [{ ...first!, parameters: { ...first!.parameters, properties } }, ...rest] }
  expect(hashEntry(edited.tools[0]!)).not.toBe(first!.hash)
  expect(verifyCatalog(edited, richCatalog).map((drift) => drift.kind)).toEqual(['tampered', 'changed'])
})
