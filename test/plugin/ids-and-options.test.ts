import { expect, test } from 'vitest'
import { CATALOG_ID, DEV_PAGE_ID, REGISTRY_ID, parseVirtualId, resolveVirtualId, toolEntrySpecifier } from '../../plugin/ids.js'
import { resolveOptions } from '../../plugin/options.js'

test('public ids resolve to colon-free \\0 ids that read back as what they stand for', () => {
  const ids = [CATALOG_ID, REGISTRY_ID, DEV_PAGE_ID, toolEntrySpecifier('get_weather')].map((id) => resolveVirtualId(id))
  expect(ids).toEqual(['\0toolcat/catalog.js', '\0toolcat/registry.js', '\0toolcat/dev-page.js', '\0toolcat/tool/get_weather.js'])
  expect(ids.map((id) => parseVirtualId(id ?? ''))).toEqual([{ kind: 'catalog' }, { kind: 'registry' }, { kind: 'dev-page' }, { kind: 'tool', name: 'get_weather' }])
  expect([...CATALOG_ID, ...REGISTRY_ID, ...DEV_PAGE_ID]).not.toContain(':')
})

test('the fixed ids are also taken with .js after them, as vite dev keeps their URLs and imports them on a hot update', () => {
  expect([CATALOG_ID, REGISTRY_ID, DEV_PAGE_ID].map((id) => resolveVirtualId(`${id}.js`))).toEqual(['\0toolcat/catalog.js', '\0toolcat/registry.js', '\0toolcat/dev-page.js'])
  expect(resolveVirtualId('~toolcat/other.js')).toBeUndefined()
})

test('ids the plugin does not own are left to the bundler', () => {
  expect(resolveVirtualId('toolcat')).toBeUndefined()
  expect(parseVirtualId('/app/tools/add.ts')).toBeUndefined()
  expect(parseVirtualId('\0toolcat/tool/nested/add.js')).toBeUndefined()
})

test('options default to the tools folder under the bundler root, precompiled validators, catalog.json and typed-tools.d.ts', () => {
  expect(resolveOptions({}, '/app')).toEqual({ root: '/app', tools: 'tools', emitCatalog: true, dts: '/app/typed-tools.d.ts', validators: 'precompiled', checker: 'auto', devPage: true, cacheDir: '/app/node_modules/.cache/toolcat' })
  expect(resolveOptions({ root: 'site', tsconfig: 'tsconfig.app.json', emitCatalog: false, dts: 'src/tools.d.ts' }, '/app')).toMatchObject({
    root: '/app/site',
    tsconfig: '/app/site/tsconfig.app.json',
    emitCatalog: false,
    dts: '/app/site/src/tools.d.ts',
  })
  expect(resolveOptions({ dts: false }, '/app').dts).toBeUndefined()
})

test('a declaration path that is not a .d.ts file is a clear error', () => {
  expect(() => resolveOptions({ dts: 'types.ts' }, '/app')).toThrow('toolcat: option "dts" must be false or a path ending in .d.ts, got "types.ts"')
})

test('an unknown checker is a clear error', () => {
  expect(() => resolveOptions({ checker: 'tsc' as 'native' }, '/app')).toThrow(`toolcat: option "checker" must be 'auto', 'native', 'ts-morph', got "tsc"`)
})

test('an unknown validator mode is a clear error', () => {
  expect(() => resolveOptions({ validators: 'eval' as 'runtime' }, '/app')).toThrow(`toolcat: option "validators" must be 'precompiled' or 'runtime', got "eval"`)
})

test('devPage is a boolean', () => {
  expect(resolveOptions({ devPage: false }, '/app').devPage).toBe(false)
  expect(() => resolveOptions({ devPage: 'no' as unknown as boolean }, '/app')).toThrow('toolcat: option "devPage" must be true or false, got "no"')
})

test('the cache option names a folder under the root, or false for none', () => {
  expect(resolveOptions({ cache: '.cache/tools' }, '/app').cacheDir).toBe('/app/.cache/tools')
  expect(resolveOptions({ cache: false }, '/app').cacheDir).toBeUndefined()
  expect(() => resolveOptions({ cache: true as unknown as string }, '/app')).toThrow('toolcat: option "cache" must be false or a folder, got true')
})
