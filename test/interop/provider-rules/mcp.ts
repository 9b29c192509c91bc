// MCP `tools/list` result, from the Model Context Protocol specification 2025-11-25
// (modelcontextprotocol/modelcontextprotocol schema/2025-11-25/schema.ts `Tool`, `ToolAnnotations`;
// docs/specification/2025-11-25/basic/index.mdx "JSON Schema Usage": a schema without `$schema` is
// read as 2020-12, so a draft-07 schema must say so).
import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import { isNode, toolEntries, type Violation } from './schema-nodes.js'

const draft07 = 'http://json-schema.org/draft-07/schema#'
const hints = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']

/** Violations of the MCP tool shape; every schema must also compile as draft-07 with ajv. */
export function mcpViolations(payload: unknown): Violation[] {
  const violations: Violation[] = []
  const ajv = new Ajv({ strict: false })
  formats.default(ajv)
  for (const entry of toolEntries(payload)) {
    const tool = String(entry.name)
    const add = (path: string, rule: string) => violations.push({ tool, path, rule })
    if (!/^[A-Za-z0-9_.-]{1,128}$/.test(tool)) add('/name', 'name pattern')
    if ('title' in entry && typeof entry.title !== 'string') add('/title', 'title is not a string')
    for (const field of ['inputSchema', 'outputSchema']) {
      if (field === 'outputSchema' && !(field in entry)) continue
      const schema = entry[field]
      if (!isNode(schema) || schema.type !== 'object') add(`/${field}/type`, 'schema is not type object')
      else if (schema.$schema !== draft07) add(`/${field}/$schema`, 'draft-07 not declared')
      else if (!compiles(ajv, schema)) add(`/${field}`, 'schema does not compile')
    }
    const annotations = isNode(entry.annotations) ? entry.annotations : {}
    for (const hint of hints) if (hint in annotations && typeof annotations[hint] !== 'boolean') add(`/annotations/${hint}`, 'hint is not a boolean')
    // "meaningful only when readOnlyHint == false": a read-only tool that claims more says nothing.
    if (annotations.readOnlyHint === true) {
      for (const hint of ['destructiveHint', 'idempotentHint']) if (hint in annotations) add(`/annotations/${hint}`, 'hint beside readOnlyHint true')
    }
  }
  return violations
}

function compiles(ajv: Ajv, schema: object): boolean {
  try {
    ajv.compile(schema)
    return true
  } catch {
    return false
  }
}
