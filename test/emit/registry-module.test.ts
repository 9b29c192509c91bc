import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
import { generateRegistryModule } from '../../src/emit/registry/registry-module.js'
import { dictionaryMarker, fragmentJoiner } from '../../src/runtime/lazy/lazy-schema.js'
import type { EmitTarget } from '../../src/emit/shared/emit-target.js'
import { fixtureCatalog } from '../registry/out-dir.js'

const target: EmitTarget = { handlerSpecifier: () => '', entrySpecifier: (tool) => `./tools/${tool.name}.js`, validators: 'precompiled' }

test('with no repeated subschema, each schema is one JSON text of the packed table, one a line, referenced by its position', () => {
  const catalog = fixtureCatalog()
  const source = generateRegistryModule(catalog, target)
  const literal = /const schemaTable = ('\\\n[^]*?')\n/.exec(source)?.[1] ?? "''"
  const table = new Function(`return ${literal}`)() as string
  // The table's lines, once its dictionary line is set aside, are the schemas in catalog order.
  expect(table.split('\n')).toHaveLength(catalog.tools.length + (table.startsWith(dictionaryMarker) ? 1 : 0))
  const join = fragmentJoiner(table)
  expect(catalog.tools.map((_, index) => join(index))).toEqual(catalog.tools.map((tool) => JSON.stringify(tool.parameters)))
  expect(source).toContain('parameters: index, load: () => loadTool(index)')
  expect(source).toContain('return createLazyRegistry(tools, options, schemaTable)\n')
  catalog.tools.forEach((tool, index) => expect(source).toContain(`\n    case ${index}: return import("./tools/${tool.name}.js")\n`))
})

test('the definitions are one JSON text, one definition a line, without the build-only fields', () => {
  const catalog = fixtureCatalog()
  const source = generateRegistryModule(catalog, target)
  const text = /const definitions = JSON\.parse\('\[\\\n([^]*?)\\\n\]'\)\n/.exec(source)?.[1] ?? ''
  // The fixture's only escape in a single-quoted literal is an apostrophe's.
  const definitions = text.split(',\\\n').map((line) => JSON.parse(line.replaceAll("\\'", "'")) as { name: string })
  expect(definitions.map((definition) => definition.name)).toEqual(catalog.tools.map((tool) => tool.name))
  const buildOnly = definitions.flatMap((definition) => Object.keys(definition).filter((key) => ['parameters', 'output', 'source', 'hash'].includes(key)))
  expect(buildOnly).toEqual([])
})

test('each tool imports its own module, across the loader functions of 64 tools each', async () => {
  const catalog = fixtureCatalog()
  const [model] = catalog.tools
  const tools = Array.from({ length: 130 }, (_, index) => ({ ...model!, name: `tool_${index}`, declarationOnly: undefined }))
  const dir = mkdtempSync(path.join(tmpdir(), 'toolcat-loaders-'))
  try {
    // The runtime's own sources: the test exercises the generated module, not the bundled runtime.
    const runtimeSpecifier = pathToFileURL(path.resolve('src/runtime/lazy/create-lazy-registry.ts')).href
    const source = generateRegistryModule({ ...catalog, tools }, { ...target, runtimeSpecifier })
    expect(source.match(/^function load\d+\(index\)/gm)).toEqual(['function load0(index)', 'function load1(index)', 'function load2(index)'])
    writeFileSync(path.join(dir, 'registry.mjs'), source)
    mkdirSync(path.join(dir, 'tools'))
    for (const tool of tools) writeFileSync(path.join(dir, 'tools', `${tool.name}.js`), `export const handler = () => ${JSON.stringify(tool.name)}\n`)
    const { createRegistry } = (await import(pathToFileURL(path.join(dir, 'registry.mjs')).href)) as { createRegistry(): { definitions(): { name: string }[]; call(name: string, args: object): Promise<{ success: boolean; value?: unknown }> } }
    const registry = createRegistry()
    expect(registry.definitions().map((definition) => definition.name)).toEqual(tools.map((tool) => tool.name))
    for (const index of [0, 63, 64, 127, 128, 129]) expect(await registry.call(`tool_${index}`, {})).toMatchObject({ success: true, value: `tool_${index}` })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("the JSDoc types of createRegistry come from the registry.d.ts written beside registry.js", () => {
  const source = generateRegistryModule(fixtureCatalog(), target)
  const typeImports = [...source.matchAll(/import\("([^"]+)"\)\.(\w+)/g)].map(([, specifier, name]) => `${specifier} ${name}`)
  expect(typeImports).toEqual(['./registry.js RegistryOptions', './registry.js Registry'])
})
