// OpenAI strict function calling (Structured Outputs). Sources, read 2026-08:
// - https://platform.openai.com/docs/guides/structured-outputs#supported-schemas (supported keywords,
//   "all fields must be required", "additionalProperties: false must always be set", formats,
//   limits of 5,000 properties and 10 levels of nesting, root must be an object and not anyOf);
// - openai/openai-node src/lib/transform.ts `toStrictJsonSchema`: the SDK refuses, rather than
//   rewrites, what strict mode cannot represent — root anyOf, explicitly open objects, tuple
//   `items`, `additionalItems`, and the keywords of its JSON_SCHEMA_UNSUPPORTED_SCHEMA_KEYWORDS
//   (allOf unless mergeable, not, if/then/else, patternProperties, prefixItems, uniqueItems,
//   min/maxProperties, contains, propertyNames, dependencies); it keeps minLength and maxLength;
// - pydantic/pydantic-ai#4490: minLength/maxLength are supported since May 2025;
// - can1357/oh-my-pi#206: a format outside the list is a 400 ("'uri' is not a valid format").
import type { JsonSchema } from '../../runtime/types.js'
import { acceptsNull, propertiesOf, requiredOf, setOwn, typesOf } from '../schema/json-schema.js'
import { pointer, rewriteSchema } from '../schema/rewrite.js'
import { isolateRef, keepFormats, keepKeywords, oneOfAsAnyOf, singleAllOfAsAnyOf, type RewriteSite } from './keyword-rewrites.js'
import { closeOpenObject, dropObjectUnionType, isObjectShape, mergeObjectAllOf, tupleAsUnionItems } from './object-shapes.js'
import { flattenRootUnion } from './root-union.js'
import type { Warn } from './types.js'

/** The keywords strict mode accepts. */
const allowed = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions'],
  ...['title', 'description', 'pattern', 'format', 'minLength', 'maxLength'],
  ...['multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'],
])
/** The only string formats strict mode accepts. */
const formats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'])
const reasons: Record<string, string> = {
  default: 'strict mode makes the model send every value',
  allOf: 'strict mode supports allOf only where it merges into one object',
  patternProperties: 'strict mode does not support it, and a closed object refuses the keys it allowed',
}
const lossy = new Set(['patternProperties'])
const base = '/function/parameters'

/**
 * Derives the strict-mode copy of a parameter schema: unsupported keywords removed (the constraints
 * among them written into descriptions), `$ref` without siblings, every object closed with all
 * its properties required, the optional ones made nullable (the model then sends `null` for
 * "absent" — see `nullsToAbsent`). What strict mode cannot say is reported `lossy`: an open
 * record closed, a tuple, a root union that does not merge.
 */
export function strictParameters(parameters: JsonSchema, warn: Warn): JsonSchema {
  const root = flattenRootUnion(parameters, base, warn)
  return rewriteSchema(root, (node, path) => strictNode(root, node, { base, path, warn }))
}

function strictNode(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema {
  let next = oneOfAsAnyOf(root, singleAllOfAsAnyOf(node, site), site)
  next = mergeObjectAllOf(root, next, site) ?? next
  next = tupleAsUnionItems(next, site, 'strict mode')
  next = keepKeywords(next, allowed, { ...site, provider: 'OpenAI strict mode', reasons, lossy })
  next = keepFormats(next, formats, site, 'strict mode')
  next = isolateRef(next, site)
  next = dropObjectUnionType(root, next, site)
  return isObjectShape(next) ? closeObject(root, next, site) : next
}

function closeObject(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema {
  const closed = closeOpenObject(node, site, 'strict mode')
  const properties = propertiesOf(node)
  const required = new Set(requiredOf(node))
  const strictProperties: Record<string, JsonSchema> = {}
  for (const [name, schema] of Object.entries(properties)) {
    if (required.has(name)) {
      setOwn(strictProperties, name, schema)
      continue
    }
    const alreadyNullable = acceptsNull(root, schema)
    const change = alreadyNullable ? 'made required (it already accepts null)' : 'made required and nullable'
    site.warn(`${site.base}${pointer([...site.path, 'properties', name])}`, `optional property ${change}: nullAsAbsent reads null as absent`, 'cosmetic')
    setOwn(strictProperties, name, alreadyNullable ? schema : nullable(schema))
  }
  return { ...closed, properties: strictProperties, required: Object.keys(properties) }
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
