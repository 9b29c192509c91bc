import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { LazyToolDefinition } from '../runtime/lazy/types.js'
import type { EmitTarget } from './emit-target.js'
import { generatedHeader } from './literals.js'

/**
 * `registry.js`: exports `createRegistry(options?)`, the runtime's lazy registry over the catalog's
 * tools. Definitions are inlined; each tool's entry module is behind an `import()` run on its
 * first call, so a bundler splits every tool (handler and validator) into its own chunk.
 */
export function generateRegistryModule(catalog: Catalog, target: EmitTarget): string {
  const runtime = JSON.stringify(target.runtimeSpecifier ?? 'toolcat')
  const entries = catalog.tools.map(
    (tool) => `  { definition: ${JSON.stringify(lazyDefinition(tool))}, load: () => import(${JSON.stringify(target.entrySpecifier(tool))}) },\n`,
  )
  const compiled = target.validators === 'runtime'
  return (
    `${generatedHeader(catalog)}import { ${compiled ? 'compileSchema, ' : ''}createLazyRegistry } from ${runtime}\n\n` +
    `const tools = [\n${entries.join('')}]\n\n` +
    '/**\n * Creates a registry of the catalog\'s tools: every definition at once, each tool\'s module imported on its first call.\n' +
    ' * @param {import("./registry.js").RegistryOptions} [options]\n * @returns {import("./registry.js").Registry}\n */\n' +
    `export function createRegistry(options) {\n  return createLazyRegistry(tools, ${compiled ? '{ compile: compileSchema, ...options }' : 'options'})\n}\n`
  )
}

/** What the lazy registry needs of an entry: its catalog fields minus output schema, source and hash. */
function lazyDefinition(tool: CatalogTool): LazyToolDefinition {
  const { output: _output, source: _source, hash: _hash, ...definition } = tool
  return definition
}
