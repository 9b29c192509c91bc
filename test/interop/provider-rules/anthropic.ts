// Anthropic tool use, from the "Define tools" documentation of the Messages API.
import { isNode, subschemas, refResolves, toolEntries, type Node, type Violation } from './schema-nodes.js'

const entryKeys = new Set(['name', 'description', 'input_schema'])

/** Violations of Anthropic's `tools` entry shape and its input_schema rules. */
export function anthropicViolations(payload: unknown): Violation[] {
  const violations: Violation[] = []
  for (const entry of toolEntries(payload)) {
    const tool = String(entry.name)
    const add = (path: string, rule: string) => violations.push({ tool, path, rule })
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool)) add('/name', 'name pattern')
    for (const key of Object.keys(entry)) if (!entryKeys.has(key)) add(`/${key}`, 'unknown entry field')
    if ('description' in entry && typeof entry.description !== 'string') add('/description', 'description is not a string')
    const schema = entry.input_schema
    if (!isNode(schema) || schema.type !== 'object') add('/input_schema/type', 'input_schema root is not type object')
    for (const { node, at } of subschemas(schema)) {
      if (typeof node.$ref === 'string' && !refResolves(schema as Node, node.$ref)) add(`/input_schema${at}/$ref`, '$ref not local')
    }
  }
  return violations
}
