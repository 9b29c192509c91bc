import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import type { LazyToolIndexEntry, SchemaText } from '../../runtime/lazy/types.js'
import type { EmitTarget } from '../shared/emit-target.js'
import { generatedHeader, stringLiteral } from '../shared/literals.js'
import { dictionaryMarker, packedReference } from '../../runtime/lazy/lazy-schema.js'
import { codeRepeatedTokens } from './schema-dictionary.js'
import { shareSchemaTexts } from './schema-fragments.js'

/**
 * `registry.js`: exports `createRegistry(options?)`, the runtime's lazy registry over the catalog's
 * tools. It is a slim index shaped for a fast cold start at thousands of tools: the definitions as
 * one JSON text (parsed faster than the same object literals compile), each parameter schema as
 * JSON text parsed on first read, with subschema texts that several schemas repeat written once,
 * all schema texts in one packed string literal (see `FragmentTable`) of which reading a schema
 * decodes only the entries it uses, and each tool's module
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
  const options = compiled ? '{ compile: compileSchema, ...options }' : 'options'
  // Each schema is one reference into the table, after the fragments its text references.
  const first = fragments.length > 0 ? ` + ${fragments.length}` : ''
  const searchIndex = target.searchSpecifier === undefined ? '' : `, () => import(${stringLiteral(target.searchSpecifier)})`
  return (
    `${generatedHeader(catalog)}import { ${compiled ? 'compileSchema, ' : ''}createLazyRegistry } from ${runtime}\n\n` +
    `const definitions = JSON.parse('[\\\n${definitions.join(',\\\n')}\\\n]')\n\n` +
    loaderFunctions(catalog.tools.map((tool) => target.entrySpecifier(tool))) +
    '// Shared subschema texts, then each tool\'s schema text, one a line: one string, which the engine\n' +
    '// scans at start-up much faster than it compiles thousands of string literals.\n' +
    `const schemaTable = ${packedTable([...fragments, ...schemas])}\n\n` +
    '/**\n * Creates a registry of the catalog\'s tools: every definition at once, each tool\'s module imported on its first call.\n' +
    ' * @param {import("./registry.js").RegistryOptions} [options]\n * @returns {import("./registry.js").Registry}\n */\n' +
    'export function createRegistry(options) {\n' +
    `  const tools = definitions.map((definition, index) => ({ definition, parameters: index${first}, load: () => loadTool(index) }))\n` +
    `  return createLazyRegistry(tools, ${options}, schemaTable${searchIndex})\n}\n`
  )
}

/** Tools a loader function imports, by a `switch` on the tool's index: a power of two. */
const loaderGroup = 64

/**
 * Each tool module's `import()`, written out (a bundler splits every tool into its own chunk), in
 * functions of `loaderGroup` cases: the engine compiles a function only on its first call, where
 * an arrow function a tool costs a compiled closure each at start-up (~3 µs, 9 ms at 3,000
 * tools) and one `switch` over every tool costs its compilation on the first call (~7 ms).
 */
function loaderFunctions(specifiers: readonly string[]): string {
  const functions: string[] = []
  for (let first = 0; first < specifiers.length; first += loaderGroup) {
    const cases = specifiers.slice(first, first + loaderGroup).map((specifier, at) => `    case ${first + at}: return import(${stringLiteral(specifier)})\n`)
    functions.push(`function load${functions.length}(index) {\n  switch (index) {\n${cases.join('')}  }\n}\n`)
  }
  const names = functions.map((_, at) => `load${at}`)
  return (
    `${functions.join('')}\n` +
    `const loaders = [${names.join(', ')}]\n` +
    `const loadTool = (index) => loaders[index >> ${Math.log2(loaderGroup)}](index)\n\n`
  )
}

/**
 * Schema texts as one packed string literal (see `FragmentTable`), one entry a line, after a first
 * line holding the dictionary of the tokens coded in them (see `codeRepeatedTokens`).
 */
function packedTable(texts: readonly SchemaText[]): string {
  const entry = (text: SchemaText): string =>
    typeof text === 'string' ? text : (typeof text === 'number' ? [text] : text).map((piece) => (typeof piece === 'string' ? piece : `${packedReference}${piece}${packedReference}`)).join('')
  const { tokens, entries } = codeRepeatedTokens(texts.map(entry))
  const lines = tokens.length === 0 ? entries : [`${dictionaryMarker}${JSON.stringify(tokens)}`, ...entries]
  // A line continuation after each entry's `\n` keeps the source one entry a line (the literal
  // writes each U+0001 as `\u0001`).
  return `'\\\n${lines.map((line) => stringLiteral(line, "'").slice(1, -1)).join('\\n\\\n')}'`
}

/**
 * What the index holds of an entry besides its schema: catalog fields minus parameters, output,
 * source, hash and the grouping that only exports read (namespace, module description).
 */
function indexDefinition(tool: CatalogTool): LazyToolIndexEntry['definition'] {
  const { parameters: _parameters, output: _output, source: _source, hash: _hash, namespace: _namespace, moduleDescription: _module, ...definition } = tool
  return definition
}
