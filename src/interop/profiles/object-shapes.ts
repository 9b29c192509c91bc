import deepEqual from 'fast-deep-equal'
import type { JsonSchema } from '../../runtime/types.js'
import { derefSchema, isSchemaObject, propertiesOf, requiredOf, setOwn, typesOf } from '../schema/json-schema.js'
import { pointer } from '../schema/rewrite.js'
import type { RewriteSite } from './keyword-rewrites.js'

/** Keywords that only annotate: they never change which values a schema accepts. */
export const annotationKeywords: ReadonlySet<string> = new Set(['title', 'description', 'default', 'examples', 'deprecated', '$comment', 'readOnly', 'writeOnly'])

/** Keywords that constrain an object's members. */
const objectKeywords = new Set(['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependencies'])

/** Whether a schema describes objects (by `type` or by object keywords). */
export function isObjectShape(node: JsonSchema): boolean {
  const types = typesOf(node)
  if (types) return types.includes('object')
  return Object.keys(node).some((keyword) => objectKeywords.has(keyword))
}

/**
 * Whether an object schema keeps keys it does not declare: `additionalProperties` true or a
 * schema, `patternProperties`, or no declared properties at all (`Record<string, T>`, `object`).
 * Closing such a schema takes away keys the handler would have received.
 */
export function isRecordSchema(node: JsonSchema): boolean {
  if (isSchemaObject(node.patternProperties) && Object.keys(node.patternProperties).length > 0) return true
  const extra = node.additionalProperties
  if (extra === false) return false
  if (extra === true || isSchemaObject(extra)) return true
  return !isSchemaObject(node.properties) || Object.keys(node.properties).length === 0
}

/** An object schema with only the keywords a merge understands (after following `$ref`). */
function plainObject(root: JsonSchema, branch: unknown): JsonSchema | undefined {
  if (!isSchemaObject(branch)) return undefined
  const node = derefSchema(root, branch)
  const plain = new Set(['type', 'properties', 'required', 'additionalProperties', ...annotationKeywords])
  if (!isObjectShape(node) || Object.keys(node).some((keyword) => !plain.has(keyword))) return undefined
  const types = typesOf(node)
  return types === undefined || (types.length === 1 && types[0] === 'object') ? node : undefined
}

/**
 * Merges an `allOf` of object schemas into one object when that is exact: every branch open (no
 * `additionalProperties`), and a property named by several branches has the same schema in each.
 * This is the shape of a TypeScript intersection of object types; returns undefined otherwise.
 */
export function mergeObjectAllOf(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema | undefined {
  const { allOf, ...rest } = node
  if (!Array.isArray(allOf) || allOf.length < 2) return undefined
  const branches = allOf.map((branch) => plainObject(root, branch))
  if (branches.some((branch) => branch === undefined || branch.additionalProperties !== undefined)) return undefined
  const properties: Record<string, JsonSchema> = {}
  const required = new Set<string>()
  for (const branch of branches as JsonSchema[]) {
    for (const [name, schema] of Object.entries(propertiesOf(branch))) {
      if (Object.hasOwn(properties, name) && !deepEqual(properties[name], schema)) return undefined
      setOwn(properties, name, schema)
    }
    for (const name of requiredOf(branch)) required.add(name)
  }
  site.warn(`${site.base}${pointer([...site.path, 'allOf'])}`, `allOf of ${allOf.length} objects merged into the one object it describes`, 'cosmetic')
  return { ...rest, type: 'object', properties, ...(required.size > 0 ? { required: [...required] } : {}) }
}

/**
 * Drops a redundant `type: "object"` beside an `anyOf` whose branches are all objects (how the
 * analyzer writes a union of object types): providers that close every `type: "object"` node, or
 * refuse `type` beside `anyOf`, would otherwise break the union.
 */
export function dropObjectUnionType(root: JsonSchema, node: JsonSchema, site: RewriteSite): JsonSchema {
  const union = node.anyOf ?? node.oneOf
  if (node.type !== 'object' || !Array.isArray(union) || Object.keys(node).some((keyword) => objectKeywords.has(keyword))) return node
  if (!union.every((branch) => isSchemaObject(branch) && isObjectShape(derefSchema(root, branch)))) return node
  site.warn(`${site.base}${pointer([...site.path, 'type'])}`, 'type "object" beside a union of objects removed: every branch is an object already', 'cosmetic')
  const { type: _type, ...rest } = node
  return rest
}

/**
 * Rewrites a draft-07 tuple (`items` as a list, `additionalItems`) in the 2020-12 form
 * (`prefixItems`, `items`) that 2020-12 providers read. `additionalItems: false` becomes the equal
 * `maxItems`, which every provider accepts.
 */
export function tupleAsPrefixItems(node: JsonSchema, site: RewriteSite): JsonSchema {
  const { items, additionalItems, ...rest } = node
  if (!Array.isArray(items)) return node
  site.warn(`${site.base}${pointer([...site.path, 'items'])}`, 'tuple items rewritten as the 2020-12 prefixItems', 'cosmetic')
  const out: Record<string, unknown> = { ...rest, prefixItems: items }
  if (additionalItems === false) {
    const maxItems = typeof rest.maxItems === 'number' ? Math.min(rest.maxItems, items.length) : items.length
    out.maxItems = maxItems
  } else if (isSchemaObject(additionalItems)) out.items = additionalItems
  return out
}

/**
 * For providers with one `items` schema per array: a tuple becomes an array of any of its
 * members (its length bounds kept) — lossy, since the model no longer knows what goes where.
 */
export function tupleAsUnionItems(node: JsonSchema, site: RewriteSite, provider: string): JsonSchema {
  const { items, additionalItems, prefixItems: _prefix, ...rest } = node
  if (!Array.isArray(items)) return node
  site.warn(`${site.base}${pointer([...site.path, 'items'])}`, `tuple turned into an array of any of its members: ${provider} has no per-position items`, 'lossy')
  const members: JsonSchema[] = []
  for (const member of [...items, additionalItems].filter(isSchemaObject)) if (!members.some((seen) => deepEqual(seen, member))) members.push(member)
  return { ...rest, items: members.length === 1 ? members[0]! : { anyOf: members } }
}

/**
 * Sets `additionalProperties: false` for a provider that requires closed objects. Closing a
 * record takes keys away from the handler: lossy. Closing an object with declared properties is
 * cosmetic: the registry drops undeclared keys before the handler anyway.
 */
export function closeOpenObject(node: JsonSchema, site: RewriteSite, provider: string): JsonSchema {
  if (node.additionalProperties === false && node.patternProperties === undefined) return node
  const at = `${site.base}${pointer([...site.path, 'additionalProperties'])}`
  if (isRecordSchema(node)) {
    const names = Object.keys(propertiesOf(node))
    const keys = names.length === 0 ? 'none, so {} only' : names.join(', ')
    site.warn(at, `open record closed (${provider} requires additionalProperties: false): the model can send only the declared keys (${keys})`, 'lossy')
  } else {
    site.warn(at, 'additionalProperties set to false: the registry drops undeclared keys before the handler anyway', 'cosmetic')
  }
  const { patternProperties: _patterns, ...rest } = node
  return { ...rest, additionalProperties: false }
}
