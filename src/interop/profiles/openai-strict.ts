import type { JsonSchema } from '../../runtime/types.js'
import { acceptsNull, isSchemaObject, propertiesOf, requiredOf, typesOf } from '../schema/json-schema.js'
import { pointer, rewriteSchema, type SchemaPath } from '../schema/rewrite.js'
import { isolateRef, keepKeywords, oneOfAsAnyOf, singleAllOfAsAnyOf } from './keyword-rewrites.js'
import type { Warn } from './types.js'

/** The keywords OpenAI documents as supported by strict function calling (structured outputs). */
const allowed = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf'],
  ...['$ref', '$defs', 'definitions', 'title', 'description', 'pattern', 'format'],
  ...['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'],
])
/** The only string formats strict mode accepts. */
const formats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'])
const reasons: Record<string, string> = {
  default: 'default removed: strict mode rejects it (the model must send every value)',
  allOf: 'allOf removed: strict mode does not support composition with allOf',
  not: 'not removed: strict mode does not support it',
  if: 'if removed: strict mode does not support conditional schemas',
  then: 'then removed: strict mode does not support conditional schemas',
  else: 'else removed: strict mode does not support conditional schemas',
}
const base = '/function/parameters'

/**
 * Derives the strict-mode copy of a parameter schema: unsupported keywords removed, `$ref` without
 * siblings, every object closed with all its properties required, the optional ones made nullable
 * (the model then sends `null` for "absent" — see `nullsToAbsent`).
 */
export function strictParameters(parameters: JsonSchema, warn: Warn): JsonSchema {
  return rewriteSchema(parameters, (node, path) => {
    const merged = oneOfAsAnyOf(singleAllOfAsAnyOf(node, path, base, warn), path, base, warn)
    let next = keepKeywords(merged, allowed, { base, path, warn, provider: 'OpenAI strict mode' }, reasons)
    if (typeof next.format === 'string' && !formats.has(next.format)) {
      warn(`${base}${pointer([...path, 'format'])}`, `format "${next.format}" removed: strict mode supports only ${[...formats].join(', ')}`)
      const { format: _dropped, ...rest } = next
      next = rest
    }
    next = isolateRef(next, path, base, warn)
    const types = typesOf(next)
    return types?.includes('object') || isSchemaObject(next.properties) ? closeObject(parameters, next, path, warn) : next
  })
}

function closeObject(root: JsonSchema, node: JsonSchema, path: SchemaPath, warn: Warn): JsonSchema {
  if (node.additionalProperties !== false) {
    warn(`${base}${pointer([...path, 'additionalProperties'])}`, 'additionalProperties set to false: strict mode requires closed objects')
  }
  const properties = propertiesOf(node)
  const required = new Set(requiredOf(node))
  const strictProperties: Record<string, JsonSchema> = {}
  for (const [name, schema] of Object.entries(properties)) {
    if (required.has(name)) {
      strictProperties[name] = schema
      continue
    }
    const alreadyNullable = acceptsNull(root, schema)
    const change = alreadyNullable ? 'made required (it already accepts null)' : 'made required and nullable'
    warn(`${base}${pointer([...path, 'properties', name])}`, `optional property ${change}: strict mode requires every property`)
    strictProperties[name] = alreadyNullable ? schema : nullable(schema)
  }
  return { ...node, properties: strictProperties, required: Object.keys(properties), additionalProperties: false }
}

/** The schema plus `null`: in `type` (and `enum`) when the type is simple, else as an `anyOf` branch. */
function nullable(schema: JsonSchema): JsonSchema {
  const types = typesOf(schema)
  if (types && schema.$ref === undefined && schema.anyOf === undefined) {
    const withNull = { ...schema, type: [...types, 'null'] }
    return Array.isArray(schema.enum) ? { ...withNull, enum: [...schema.enum, null] } : withNull
  }
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] }
  const { $ref, ...siblings } = schema
  return $ref === undefined ? { anyOf: [schema, { type: 'null' }] } : { ...siblings, anyOf: [{ $ref }, { type: 'null' }] }
}
