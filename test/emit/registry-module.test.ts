import { expect, test } from 'vitest'
import { generateRegistryModule } from '../../src/emit/registry-module.js'
import type { EmitTarget } from '../../src/emit/emit-target.js'
import { fixtureCatalog } from '../registry/out-dir.js'

const target: EmitTarget = { handlerSpecifier: () => '', entrySpecifier: (tool) => `./tools/${tool.name}.js`, validators: 'precompiled' }

test('with no repeated subschema, each schema is one JSON text of the packed table, one a line, referenced by its position', () => {
  const catalog = fixtureCatalog()
  const source = generateRegistryModule(catalog, target)
  const table = /const schemaTable = '\\\n([^]*?)'\n/.exec(source)?.[1] ?? ''
  // The fixture's only escape in a single-quoted literal is an apostrophe's.
  const texts = table.split('\\n\\\n').map((line) => line.replaceAll("\\'", "'"))
  expect(texts).toEqual(catalog.tools.map((tool) => JSON.stringify(tool.parameters)))
  expect(source).toContain('parameters: [index], load: loaders[index]')
  expect(source).toContain('return createLazyRegistry(tools, options, schemaTable)\n')
  for (const tool of catalog.tools) expect(source).toContain(`\n  () => import("./tools/${tool.name}.js"),\n`)
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
