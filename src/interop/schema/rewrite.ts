import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject } from './json-schema.js'

/** A position inside a schema, as JSON Pointer segments from the schema's root. */
export type SchemaPath = readonly string[]

/** Keywords (draft-07 plus `$defs`) whose value is a map from names to subschemas. */
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies'])
/** Keywords whose value is a list of subschemas (`items` also in its tuple form). */
const schemaLists = new Set(['anyOf', 'oneOf', 'allOf', 'items'])
/** Keywords whose value is a single subschema. */
const schemaValues = new Set(['additionalProperties', 'items', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'])

/** Formats a schema path as a JSON Pointer (`/properties/a~1b`). */
export function pointer(path: SchemaPath): string {
  return path.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/**
 * Rewrites a schema top-down: `rewrite` sees each subschema with its path before the walk descends
 * into the children of what it returned, so a parent can reshape its children first. The input is
 * never mutated; keyword data (`enum`, `default`, `examples`) is never walked into.
 */
export function rewriteSchema(
  schema: JsonSchema,
  rewrite: (node: JsonSchema, path: SchemaPath) => JsonSchema,
  path: SchemaPath = [],
): JsonSchema {
  const node = rewrite(schema, path)
  const out: Record<string, unknown> = {}
  for (const [keyword, value] of Object.entries(node)) {
    const at = [...path, keyword]
    if (schemaMaps.has(keyword) && isSchemaObject(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, isSchemaObject(child) ? rewriteSchema(child, rewrite, [...at, name]) : child]),
      )
    } else if (schemaLists.has(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((child, index) => (isSchemaObject(child) ? rewriteSchema(child, rewrite, [...at, String(index)]) : child))
    } else if (schemaValues.has(keyword) && isSchemaObject(value)) {
      out[keyword] = rewriteSchema(value, rewrite, at)
    } else {
      out[keyword] = value
    }
  }
  return out
}

/** Visits every subschema (the root included) with its path, top-down. */
export function forEachSubschema(schema: JsonSchema, visit: (node: JsonSchema, path: SchemaPath) => void): void {
  rewriteSchema(schema, (node, path) => {
    visit(node, path)
    return node
  })
}
