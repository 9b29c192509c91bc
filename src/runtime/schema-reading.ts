import type { JsonSchema } from './types.js'

/** Whether a value is a schema object (as opposed to a boolean schema or a keyword's data). */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The schema a local `$ref` (`#`, `#/$defs/Node`, …) points at inside `root`, or undefined. */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = root
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    node = isSchemaObject(node) ? node[segment] : undefined
  }
  return isSchemaObject(node) ? node : undefined
}

/** Follows `$ref` chains from `schema` until a schema without one (cycles of bare refs stop). */
export function derefSchema(root: JsonSchema, schema: JsonSchema): JsonSchema {
  const seen = new Set<JsonSchema>()
  let node = schema
  while (typeof node.$ref === 'string' && !seen.has(node)) {
    seen.add(node)
    const target = resolveLocalRef(root, node.$ref)
    if (!target) return node
    node = target
  }
  return node
}

/** The `type` keyword as a list; undefined when the schema does not restrict the type. */
export function typesOf(schema: JsonSchema): string[] | undefined {
  const { type } = schema
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string')
  return undefined
}

/** Whether `null` is an accepted value of the schema, judged from its own keywords and branches. */
export function acceptsNull(root: JsonSchema, schema: JsonSchema): boolean {
  const node = derefSchema(root, schema)
  if (Array.isArray(node.enum)) return node.enum.includes(null)
  if ('const' in node) return node.const === null
  const branches = [node.anyOf, node.oneOf].find(Array.isArray)
  if (branches) return branches.some((branch) => isSchemaObject(branch) && acceptsNull(root, branch))
  if (Array.isArray(node.allOf)) return node.allOf.every((branch) => !isSchemaObject(branch) || acceptsNull(root, branch))
  const types = typesOf(node)
  return types === undefined || types.includes('null')
}

/** The property names an object schema lists as required. */
export function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []
}

/**
 * Sets `target[key]` as an own data property: defined, not assigned, so a key named `__proto__`
 * (a property name like any other in a schema) stays a key instead of replacing the prototype.
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** The `properties` map of an object schema (empty when absent), every key own, `__proto__` included. */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {}
  if (!isSchemaObject(schema.properties)) return properties
  for (const [name, value] of Object.entries(schema.properties)) if (isSchemaObject(value)) setOwn(properties, name, value)
  return properties
}
