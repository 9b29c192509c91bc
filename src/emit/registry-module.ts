import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { LazyToolIndexEntry, SchemaText } from '../runtime/lazy/types.js'
import type { EmitTarget } from './emit-target.js'
import { generatedHeader, stringLiteral } from './literals.js'
import { shareSchemaTexts } from './schema-fragments.js'

/**
 * `registry.js`: exports `createRegistry(options?)`, the runtime's lazy registry over the catalog's
 * tools. It is a slim index shaped for a fast cold start at thousands of tools: the definitions as
 * one JSON text (parsed faster than the same object literals compile), each parameter schema as
 * JSON text parsed on first read, with subschema texts that several schemas repeat written once,
 * all schema texts in a function compiled on the first read of one, and each tool's module
 * behind an `import()` run on its first call. Each import is static, so a bundler still splits
 * every tool (handler and validator) into its own chunk; the search index likewise, imported on the
 * first search. With precompiled validators it imports
 * `toolcat/lazy`, which leaves ajv out of the start-up.
 */
export function generateRegistryModule(catalog: Catalog, target: EmitTarget): string {
  const compiled = target.validators === 'runtime'
  const runtime = stringLiteral(target.runtimeSpecifier ?? (compiled ? 'toolcat' : 'toolcat/lazy'))
  const { fragments, schemas } = shareSchemaTexts(catalog.tools.map((tool) => tool.parameters))
  // One definition a line, joined by line continuations, which add nothing to the string.
  const definitions = catalog.tools.map((tool) => stringLiteral(JSON.stringify(indexDefinition(tool)), "'").slice(1, -1))
  const loaders = catalog.tools.map((tool) => `  () => import(${stringLiteral(target.entrySpecifier(tool))}),\n`)
  const options = compiled ? '{ compile: compileSchema, ...options }' : 'options'
  // Each schema is one reference into the table, after the fragments its text references.
  const first = fragments.length > 0 ? ` + ${fragments.length}` : ''
  const searchIndex = target.searchSpecifier === undefined ? '' : `, () => import(${stringLiteral(target.searchSpecifier)})`
  return (
    `${generatedHeader(catalog)}import { ${compiled ? 'compileSchema, ' : ''}createLazyRegistry } from ${runtime}\n\n` +
    `const definitions = JSON.parse('[\\\n${definitions.join(',\\\n')}\\\n]')\n\n` +
    `const loaders = [\n${loaders.join('')}]\n\n` +
    '// Shared subschema texts, then each tool\'s schema text: a function, so that the engine compiles\n' +
    '// this text when a first schema is read rather than at start-up.\n' +
    `function schemaTexts() {\n  return ${textList([...fragments, ...schemas])}\n}\n\n` +
    '/**\n * Creates a registry of the catalog\'s tools: every definition at once, each tool\'s module imported on its first call.\n' +
    ' * @param {import("./registry.js").RegistryOptions} [options]\n * @returns {import("./registry.js").Registry}\n */\n' +
    'export function createRegistry(options) {\n' +
    `  const tools = definitions.map((definition, index) => ({ definition, parameters: [index${first}], load: loaders[index] }))\n` +
    `  return createLazyRegistry(tools, ${options}, schemaTexts${searchIndex})\n}\n`
  )
}

/** Schema texts as an array literal, one a line: strings, or arrays of strings and fragment indices. */
function textList(texts: readonly SchemaText[]): string {
  const literal = (text: SchemaText): string =>
    typeof text === 'string' ? stringLiteral(text, "'") : `[${text.map((piece) => (typeof piece === 'string' ? stringLiteral(piece, "'") : String(piece))).join(', ')}]`
  return `[\n${texts.map((text) => `    ${literal(text)},\n`).join('')}  ]`
}

/** What the index holds of an entry besides its schema: catalog fields minus parameters, output, source and hash. */
function indexDefinition(tool: CatalogTool): LazyToolIndexEntry['definition'] {
  const { parameters: _parameters, output: _output, source: _source, hash: _hash, ...definition } = tool
  return definition
}
