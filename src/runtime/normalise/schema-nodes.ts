import type { JsonSchema } from '../types.js'

/** A subschema: an object, or `true` / `false`. */
export type SchemaNode = JsonSchema | boolean

/** Whether a value is a schema object (not a boolean schema, not an array of schemas). */
export function isObjectNode(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Keywords whose value is one subschema. */
export const SINGLE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'])
/** Keywords whose value is a list of subschemas (`items` in its tuple form too). */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf'])
/** Keywords whose value maps names to subschemas (`dependencies` may also map to name lists). */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies'])
/** Keywords that only annotate: a `$ref` beside nothing else but these is a plain reference. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['$ref', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'])

/** The node a local `$ref` (`#`, `#/$defs/Node`) names inside `root`, or undefined for any other reference. */
export function resolveRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    } catch {
      return undefined
    }
    if (!isObjectNode(node) && !Array.isArray(node)) return undefined
    node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined
  }
  return typeof node === 'boolean' || isObjectNode(node) ? node : undefined
}

/**
 * Follows references that stand alone (beside annotations only) to the node they name; at most 32
 * steps, so a cycle of bare references ends. Undefined when a reference cannot be resolved locally.
 */
export function followRefs(root: SchemaNode, node: SchemaNode): SchemaNode | undefined {
  let current = node
  for (let step = 0; step < 32; step++) {
    if (!isObjectNode(current) || typeof current.$ref !== 'string') return current
    if (Object.keys(current).some((key) => !ANNOTATIONS.has(key))) return current
    const target = resolveRef(root, current.$ref)
    if (target === undefined) return undefined
    current = target
  }
  return undefined
}

/** The JSON types a node's `type` keyword allows, or undefined when it has none. */
export function typesOf(node: JsonSchema): readonly string[] | undefined {
  const { type } = node
  if (typeof type === 'string') return [type]
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string')) return type as string[]
  return undefined
}

/** The names a node lists under `required`. */
export function requiredNames(node: JsonSchema): readonly string[] {
  return Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === 'string') : []
}

/** One JSON pointer segment, escaped for use in a URI fragment (as ajv reads `schema#/…`). */
export function pointerSegment(segment: string | number): string {
  const text = String(segment)
  // Most segments (keywords, property names, indices) need no escape: a plan visits every node.
  return plainSegment.test(text) ? text : encodeURIComponent(text.replaceAll('~', '~0').replaceAll('/', '~1'))
}

/** Characters that neither JSON pointers nor `encodeURIComponent` change. */
const plainSegment = /^[\w.-]*$/
