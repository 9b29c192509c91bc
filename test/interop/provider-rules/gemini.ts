// Gemini function calling, checked as the API and the SDK state it (read 2026-08):
// - `FunctionDeclaration`: name pattern, `parameters` and `parametersJsonSchema` mutually
//   exclusive, the JSON Schema "must describe an object" — googleapis/js-genai src/types.ts
// - `parametersJsonSchema` keywords: https://ai.google.dev/gemini-api/docs/structured-output#json-schema;
//   recursion only through optional properties
// - `parameters`: the fields of js-genai's `Schema` (a protocol buffer: an unknown field fails the
//   request, google/generative-ai-docs#210), upper-case `Type` values, enum of strings,
//   "type and anyOf cannot be both populated" (js-genai src/_transformers.ts processJsonSchema)
import { isNode, subschemas, subsetViolations, type Node, type Violation } from './schema-nodes.js'

const jsonKeywords = new Set([
  'type', 'title', 'description', 'enum', 'format', 'minimum', 'maximum', 'items', 'prefixItems', 'minItems', 'maxItems',
  'properties', 'required', 'additionalProperties', 'anyOf', '$ref', '$defs', '$anchor', '$id', 'propertyOrdering',
])
const schemaFields = new Set([
  'anyOf', 'default', 'description', 'enum', 'example', 'format', 'items', 'maxItems', 'maxLength', 'maxProperties', 'maximum',
  'minItems', 'minLength', 'minProperties', 'minimum', 'nullable', 'pattern', 'properties', 'propertyOrdering', 'required', 'title', 'type',
])
const types = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL'])

/** Violations of Gemini's `functionDeclarations` shape, its two schema fields' rules and its recursion rule. */
export function geminiViolations(payload: unknown): Violation[] {
  const tools = isNode(payload) && Array.isArray(payload.tools) ? payload.tools : []
  const declarations = tools.flatMap((tool) => (isNode(tool) && Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : []))
  if (declarations.length === 0) return [{ tool: '*', path: '/tools/0/functionDeclarations', rule: 'no function declarations' }]
  const violations: Violation[] = []
  for (const declaration of declarations.filter(isNode)) {
    const tool = String(declaration.name)
    if (!/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/.test(tool)) violations.push({ tool, path: '/name', rule: 'name pattern' })
    if ('parameters' in declaration && 'parametersJsonSchema' in declaration) violations.push({ tool, path: '/parameters', rule: 'parameters and parametersJsonSchema are exclusive' })
    if ('parameters' in declaration) violations.push(...openApiViolations(tool, declaration.parameters))
    else violations.push(...jsonSchemaViolations(tool, declaration.parametersJsonSchema))
  }
  return violations
}

function jsonSchemaViolations(tool: string, schema: unknown): Violation[] {
  const violations: Violation[] = []
  if (!isNode(schema) || schema.type !== 'object' || 'anyOf' in schema) violations.push({ tool, path: '/parametersJsonSchema', rule: 'root is not an object schema' })
  violations.push(...subsetViolations(tool, '/parametersJsonSchema', schema, jsonKeywords))
  violations.push(...requiredCycles(tool, isNode(schema) ? schema : {}))
  return violations
}

function openApiViolations(tool: string, schema: unknown): Violation[] {
  const violations: Violation[] = []
  if (!isNode(schema) || schema.type !== 'OBJECT') violations.push({ tool, path: '/parameters', rule: 'root is not an OBJECT schema' })
  for (const { node, at } of subschemas(schema)) {
    const add = (path: string, rule: string) => violations.push({ tool, path: `/parameters${at}${path}`, rule })
    for (const key of Object.keys(node)) if (!schemaFields.has(key)) add(`/${key}`, `${key} is not a field of Schema`)
    if (node.type !== undefined && !types.has(node.type as string)) add('/type', 'type is not a Type value')
    if (node.type !== undefined && node.anyOf !== undefined) add('/anyOf', 'type and anyOf both populated')
    if (Array.isArray(node.enum) && !node.enum.every((value) => typeof value === 'string')) add('/enum', 'enum holds a non-string')
  }
  return violations
}

/** A `$defs` entry that reaches itself again through required properties and `$ref`s only. */
function requiredCycles(tool: string, root: Node): Violation[] {
  const defs = isNode(root.$defs) ? root.$defs : {}
  const violations: Violation[] = []
  for (const name of Object.keys(defs)) {
    const target = `#/$defs/${name}`
    const stack: [unknown, string][] = [[defs[name], `/$defs/${name}`]]
    const seen = new Set<unknown>()
    while (stack.length > 0) {
      const [node, at] = stack.pop()!
      if (!isNode(node) || seen.has(node)) continue
      seen.add(node)
      if (node.$ref === target) violations.push({ tool, path: `/parametersJsonSchema${at}/$ref`, rule: 'recursion through a required property' })
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
        const next = node.$ref.slice('#/$defs/'.length)
        stack.push([defs[next], `/$defs/${next}`])
      }
      const properties = isNode(node.properties) ? node.properties : {}
      for (const key of Array.isArray(node.required) ? node.required : []) stack.push([properties[key], `${at}/properties/${key}`])
    }
  }
  return violations
}
