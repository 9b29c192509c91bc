// OpenAI function calling, checked as the API and the SDK state it (read 2026-08):
// - entry shape: https://platform.openai.com/docs/guides/function-calling
// - top level: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not'
//   at the top level", strict or not (langchain-ai/langchainjs#9804, goruck/home-generative-agent#545)
// - strict: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas (keywords,
//   formats, every property required, additionalProperties false, 5,000 properties, 10 levels);
//   minLength/maxLength supported since May 2025 (pydantic/pydantic-ai#4490); tuple `items` and
//   `additionalItems` refused by openai/openai-node src/lib/transform.ts `toStrictJsonSchema`.
import { isNode, isObjectNode, subschemas, subsetViolations, toolEntries, type Node, type Violation } from './schema-nodes.js'

const strictKeywords = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions',
  'title', 'description', 'pattern', 'format', 'minLength', 'maxLength', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'minItems', 'maxItems',
])
const strictFormats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'])
const forbiddenAtTop = ['oneOf', 'anyOf', 'allOf', 'enum', 'not']

/** Violations of OpenAI's `tools` shape and, for `strict: true` entries, of the strict schema rules. */
export function openaiViolations(payload: unknown): Violation[] {
  const violations: Violation[] = []
  for (const entry of toolEntries(payload)) {
    const fn = isNode(entry.function) ? entry.function : {}
    const tool = String(fn.name)
    const add = (path: string, rule: string) => violations.push({ tool, path, rule })
    if (entry.type !== 'function') add('/type', 'type is not "function"')
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool)) add('/function/name', 'name pattern')
    if (typeof fn.strict !== 'boolean') add('/function/strict', 'strict is not a boolean')
    const parameters = fn.parameters
    if (!isNode(parameters) || parameters.type !== 'object') add('/function/parameters', 'root is not an object schema')
    else for (const keyword of forbiddenAtTop) if (keyword in parameters) add(`/function/parameters/${keyword}`, `${keyword} at the top level`)
    if (fn.strict === true) violations.push(...strictViolations(tool, parameters as Node))
  }
  return violations
}

function strictViolations(tool: string, parameters: Node): Violation[] {
  const base = '/function/parameters'
  const violations = subsetViolations(tool, base, parameters, strictKeywords)
  let properties = 0
  for (const { node, at } of subschemas(parameters)) {
    if (typeof node.format === 'string' && !strictFormats.has(node.format)) violations.push({ tool, path: `${base}${at}/format`, rule: 'format unsupported' })
    if (Array.isArray(node.items)) violations.push({ tool, path: `${base}${at}/items`, rule: 'tuple items' })
    if (!isObjectNode(node)) continue
    const keys = Object.keys(isNode(node.properties) ? node.properties : {})
    properties += keys.length
    if (node.additionalProperties !== false) violations.push({ tool, path: `${base}${at}`, rule: 'object not closed' })
    const required = Array.isArray(node.required) ? node.required : []
    for (const key of keys) if (!required.includes(key)) violations.push({ tool, path: `${base}${at}/properties/${key}`, rule: 'property not required' })
  }
  if (properties > 5000) violations.push({ tool, path: base, rule: 'more than 5000 properties' })
  if (objectDepth(parameters) > 10) violations.push({ tool, path: base, rule: 'objects nested deeper than 10' })
  return violations
}

/** Levels of nested objects under `node` (an object counts 1; unions and definitions add none). */
function objectDepth(node: unknown): number {
  if (!isNode(node)) return 0
  const children: unknown[] = [node.items, node.additionalProperties]
  if (isNode(node.properties)) children.push(...Object.values(node.properties))
  if (Array.isArray(node.anyOf)) children.push(...node.anyOf)
  if (isNode(node.$defs)) children.push(...Object.values(node.$defs))
  const below = Math.max(0, ...children.map(objectDepth))
  return isObjectNode(node) ? 1 + below : below
}
