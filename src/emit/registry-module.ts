import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { LazyToolIndexEntry } from '../runtime/lazy/types.js'
import type { EmitTarget } from './emit-target.js'
import { generatedHeader, singleQuoted } from './literals.js'

/**
 * `registry.js`: exports `createRegistry(options?)`, the runtime's lazy registry over the catalog's
 * tools. It is a slim index: each tool's definition, with its parameter schema as JSON text parsed
 * on first read, and its entry module behind an `import()` run on its first call, so a bundler
 * splits every tool (handler and validator) into its own chunk. With precompiled validators it
 * imports `toolcat/lazy`, which leaves ajv out of the start-up.
 */
export function generateRegistryModule(catalog: Catalog, target: EmitTarget): string {
  const compiled = target.validators === 'runtime'
  const runtime = JSON.stringify(target.runtimeSpecifier ?? (compiled ? 'toolcat' : 'toolcat/lazy'))
  const entries = catalog.tools.map(
    (tool) =>
      `  { definition: ${JSON.stringify(indexDefinition(tool))}, parameters: ${singleQuoted(JSON.stringify(tool.parameters))}, ` +
      `load: () => import(${JSON.stringify(target.entrySpecifier(tool))}) },\n`,
  )
  return (
    `${generatedHeader(catalog)}import { ${compiled ? 'compileSchema, ' : ''}createLazyRegistry } from ${runtime}\n\n` +
    `const tools = [\n${entries.join('')}]\n\n` +
    '/**\n * Creates a registry of the catalog\'s tools: every definition at once, each tool\'s module imported on its first call.\n' +
    ' * @param {import("./registry.js").RegistryOptions} [options]\n * @returns {import("./registry.js").Registry}\n */\n' +
    `export function createRegistry(options) {\n  return createLazyRegistry(tools, ${compiled ? '{ compile: compileSchema, ...options }' : 'options'})\n}\n`
  )
}

/** What the index holds of an entry besides its schema: catalog fields minus parameters, output, source and hash. */
function indexDefinition(tool: CatalogTool): LazyToolIndexEntry['definition'] {
  const { parameters: _parameters, output: _output, source: _source, hash: _hash, ...definition } = tool
  return definition
}
