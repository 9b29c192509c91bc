// The rule checkers' own schema walk, kept apart from src/interop so a bug there cannot hide here.

/** A JSON value seen as a schema object. */
export type Node = Record<string, unknown>

/** One broken provider rule: the tool, the JSON Pointer inside the tool entry, and the rule. */
export interface Violation {
  tool: string
  path: string
  rule: string
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)
const nameMaps = ['properties', 'patternProperties', '$defs', 'definitions']
const lists = ['anyOf', 'oneOf', 'allOf', 'prefixItems']
const singles = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']

/** Every subschema of `schema` with its JSON Pointer, depth-first. */
export function subschemas(schema: unknown, at = ''): { node: Node; at: string }[] {
  if (!isNode(schema)) return []
  const found = [{ node: schema, at }]
  for (const key of nameMaps) {
    const map = schema[key]
    if (isNode(map)) for (const [name, child] of Object.entries(map)) found.push(...subschemas(child, `${at}/${key}/${name}`))
  }
  for (const key of lists) {
    const list = schema[key]
    if (Array.isArray(list)) list.forEach((child, index) => found.push(...subschemas(child, `${at}/${key}/${index}`)))
  }
  for (const key of singles) found.push(...subschemas(schema[key], `${at}/${key}`))
  return found
}

/** Whether a node describes an object. */
export function isObjectNode(node: Node): boolean {
  return node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isNode(node.properties)
}

/** Whether a local `$ref` resolves inside `root`. */
export function refResolves(root: Node, ref: string): boolean {
  if (ref === '#') return true
  if (!ref.startsWith('#/')) return false
  let node: unknown = root
  for (const part of ref.slice(2).split('/')) node = isNode(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined
  return isNode(node)
}

/** Violations of "keywords limited to this set", "$ref has no siblings" and "$ref resolves locally". */
export function subsetViolations(tool: string, base: string, root: unknown, keywords: ReadonlySet<string>): Violation[] {
  const violations: Violation[] = []
  for (const { node, at } of subschemas(root)) {
    for (const key of Object.keys(node)) if (!keywords.has(key)) violations.push({ tool, path: `${base}${at}/${key}`, rule: `keyword ${key} unsupported` })
    if (typeof node.$ref !== 'string') continue
    if (Object.keys(node).length > 1) violations.push({ tool, path: `${base}${at}/$ref`, rule: '$ref with siblings' })
    if (!refResolves(root as Node, node.$ref)) violations.push({ tool, path: `${base}${at}/$ref`, rule: '$ref not local' })
  }
  return violations
}

/** The entries of a `{ tools: [...] }` payload, or a violation when the shape is wrong. */
export function toolEntries(payload: unknown): Node[] {
  if (!isNode(payload) || !Array.isArray(payload.tools)) throw new Error('payload is not { tools: [...] }')
  return payload.tools.filter(isNode)
}

export { isNode }
