// Anthropic tool use, checked as the API and the SDK state it (read 2026-08):
// - entry shape and `input_schema` as "JSON schema (https://json-schema.org/draft/2020-12)":
//   anthropics/anthropic-sdk-typescript src/resources/messages/messages.ts `Tool`
// - top level: "input_schema does not support oneOf, allOf, or anyOf at the top level"
//   (anthropics/claude-code#5319)
// - strict tool use: the keywords anthropics/anthropic-sdk-typescript src/lib/transform-json-schema.ts
//   keeps (plus enum and const, listed supported), additionalProperties false, minItems 0 or 1,
//   SUPPORTED_STRING_FORMATS; no recursive schemas
//   (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations)
import { isNode, isObjectNode, subschemas, refResolves, toolEntries, type Node, type Violation } from './schema-nodes.js'

const entryKeys = new Set(['name', 'description', 'input_schema', 'strict'])
const strictKeywords = new Set([
  '$ref', '$defs', 'definitions', 'type', 'anyOf', 'allOf', 'description', 'title', 'properties', 'required',
  'additionalProperties', 'enum', 'const', 'format', 'items', 'minItems',
])
const strictFormats = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'])

/** Violations of Anthropic's `tools` entry shape and its input_schema rules (strict ones for `strict: true`). */
export function anthropicViolations(payload: unknown): Violation[] {
  const violations: Violation[] = []
  for (const entry of toolEntries(payload)) {
    const tool = String(entry.name)
    const add = (path: string, rule: string) => violations.push({ tool, path, rule })
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool)) add('/name', 'name pattern')
    for (const key of Object.keys(entry)) if (!entryKeys.has(key)) add(`/${key}`, 'unknown entry field')
    if ('description' in entry && typeof entry.description !== 'string') add('/description', 'description is not a string')
    if ('strict' in entry && entry.strict !== true) add('/strict', 'strict is not true')
    const schema = entry.input_schema
    if (!isNode(schema) || schema.type !== 'object') add('/input_schema/type', 'input_schema root is not type object')
    else for (const keyword of ['oneOf', 'allOf', 'anyOf']) if (keyword in schema) add(`/input_schema/${keyword}`, `${keyword} at the top level`)
    for (const { node, at } of subschemas(schema)) {
      if (typeof node.$ref === 'string' && !refResolves(schema as Node, node.$ref)) add(`/input_schema${at}/$ref`, '$ref not local')
      if (Array.isArray(node.items)) add(`/input_schema${at}/items`, 'draft-07 tuple items in a 2020-12 schema')
      if (entry.strict === true) strictNode(node, `/input_schema${at}`, add)
    }
    if (entry.strict === true && isNode(schema) && recursive(schema)) add('/input_schema', 'recursive schema under strict tool use')
  }
  return violations
}

function strictNode(node: Node, at: string, add: (path: string, rule: string) => void): void {
  for (const key of Object.keys(node)) if (!strictKeywords.has(key)) add(`${at}/${key}`, `keyword ${key} unsupported in strict mode`)
  if (typeof node.format === 'string' && !strictFormats.has(node.format)) add(`${at}/format`, 'format unsupported in strict mode')
  if (typeof node.minItems === 'number' && node.minItems > 1) add(`${at}/minItems`, 'minItems above 1 in strict mode')
  if (isObjectNode(node) && node.additionalProperties !== false) add(`${at}/additionalProperties`, 'object not closed in strict mode')
}

/** Whether a `$defs` entry (or the root) is reached again from inside itself. */
function recursive(root: Node): boolean {
  const defs = isNode(root.$defs) ? root.$defs : {}
  const targets: [string, unknown][] = [['#', root], ...Object.entries(defs).map(([name, schema]) => [`#/$defs/${name}`, schema] as [string, unknown])]
  return targets.some(([ref, schema]) => {
    const seen = new Set<string>()
    const pending = subschemas(schema).map(({ node }) => node.$ref).filter((target): target is string => typeof target === 'string')
    while (pending.length > 0) {
      const next = pending.pop()!
      if (next === ref) return true
      if (seen.has(next) || !next.startsWith('#/$defs/')) continue
      seen.add(next)
      pending.push(...subschemas(defs[next.slice('#/$defs/'.length)]).map(({ node }) => node.$ref).filter((target): target is string => typeof target === 'string'))
    }
    return false
  })
}
