import type { JsonSchema } from './types.js'
import { acceptsNull, derefSchema, isSchemaObject, propertiesOf, requiredOf } from './schema-reading.js'

/**
 * Maps OpenAI strict-mode arguments back to the catalog's contract. Strict mode makes every
 * property required and sends `null` for the ones the model leaves out; this removes a `null`
 * wherever the catalog schema (`schema`, the tool's `parameters`) has an optional property that
 * does not itself accept `null`, at any depth, so validation sees the property as absent.
 * The arguments are not mutated. Browser-safe: used by the lazy registry's `nullAsAbsent` option.
 */
export function nullsToAbsent(schema: JsonSchema, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return stripNulls(schema, schema, args) as Record<string, unknown>
}

function stripNulls(root: JsonSchema, schema: JsonSchema, value: unknown): unknown {
  const node = derefSchema(root, schema)
  if (Array.isArray(value)) {
    const { items } = node
    return isSchemaObject(items) ? value.map((item) => stripNulls(root, items, item)) : value
  }
  if (!isSchemaObject(value)) return value
  const properties = propertiesOf(node)
  const required = new Set(requiredOf(node))
  const kept: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const property = properties[key]
    if (property === undefined) kept[key] = item
    else if (item !== null) kept[key] = stripNulls(root, property, item)
    else if (required.has(key) || acceptsNull(root, property)) kept[key] = item
  }
  return kept
}
