import type { Catalog } from '../../runtime/catalog.js'
import type { JsonSchema } from '../../runtime/types.js'
import { uniqueIdentifiers } from '../shared/identifiers.js'
import { advertisedDescription, generatedHeader, identifierOf, jsdoc, stringLiteral, toolIdentifiers } from '../shared/literals.js'
import { schemaToType, wrap } from './schema-to-type.js'

/**
 * `registry.d.ts`: a `Tools` map from each tool name to its argument, result and chunk types
 * (derived from the catalog's JSON Schemas), so `registry.call('add', { left: 1, right: 2 })`
 * type-checks and wrong arguments do not, and a streaming tool's `stream()` chunks have its chunk
 * type. A streaming tool's result is the array of its chunks, as `execute` collects them.
 */
export function generateRegistryTypes(catalog: Catalog): string {
  const { members, aliases } = toolTypes(catalog, '  ')
  return (
    `${generatedHeader(catalog)}import type { LazyRegistry, LazyRegistryOptions } from 'toolcat'\n\n` +
    `/** Argument, result and stream chunk types of each tool of the catalog, by tool name. */\nexport type Tools = {\n${members.join('')}}\n` +
    (aliases.length === 0 ? '' : `\n${aliases.join('')}`) +
    '\n/** Options of `createRegistry`: listeners, host-supplied handlers by tool name, runtime schema compilation. */\n' +
    'export type RegistryOptions = LazyRegistryOptions<Tools>\n' +
    '\n/** The registry of the catalog\'s tools; `call` and `stream` are typed by `Tools` and, like `execute`, never reject. */\n' +
    'export type Registry = LazyRegistry<Tools>\n' +
    '\n/** Creates a registry of the catalog\'s tools: every definition at once, each tool\'s module imported on its first call. */\n' +
    'export declare function createRegistry(options?: RegistryOptions): Registry\n'
  )
}

/**
 * The members of a `Tools` map, one a tool (`"name": { args; result; chunk }`, each line starting
 * with `indent`), and the type aliases of their schemas' definitions, which the map refers to.
 */
export function toolTypes(catalog: Catalog, indent: string): { members: string[]; aliases: string[] } {
  const identifiers = toolIdentifiers(catalog)
  const aliases: string[] = []
  const members = catalog.tools.map((tool) => {
    const identifier = identifierOf(identifiers, tool)
    const args = rootType(tool.parameters, `${identifier}$args`, aliases)
    // A streaming tool's output schema is that of each chunk.
    const output = tool.output === undefined ? 'unknown' : rootType(tool.output, `${identifier}$result`, aliases)
    const [result, chunk] = tool.stream === true ? [`readonly ${wrap(output)}[]`, output] : [output, 'never']
    return `${jsdoc(advertisedDescription(tool), indent)}${indent}${stringLiteral(tool.name)}: { args: ${args}; result: ${result}; chunk: ${chunk} }\n`
  })
  return { members, aliases }
}

/**
 * The type of a root schema; each of its `$defs` (or draft-07 `definitions`) becomes a type alias
 * named after `prefix`, pushed onto `aliases`, so recursive definitions stay finite.
 */
export function rootType(schema: JsonSchema, prefix: string, aliases: string[]): string {
  const definitions = { ...definitionsOf(schema.definitions), ...definitionsOf(schema.$defs) }
  const names = uniqueIdentifiers(Object.keys(definitions))
  const resolve = (ref: string): string | undefined => {
    const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)
    const name = match?.[1] === undefined ? undefined : names.get(match[1].replace(/~1/g, '/').replace(/~0/g, '~'))
    return name === undefined ? undefined : `${prefix}$${name}`
  }
  for (const [key, definition] of Object.entries(definitions)) {
    aliases.push(`type ${resolve(`#/$defs/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)} = ${schemaToType(definition, resolve)}\n`)
  }
  return schemaToType(schema, resolve)
}

function definitionsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}
