import type { CatalogTool } from '../../runtime/catalog.js'
import type { JsonSchema } from '../../runtime/types.js'
import { rewriteSchema } from '../schema/rewrite.js'
import { descriptionOf } from './tool-description.js'
import type { ToolProfile, Warn } from './types.js'

/** The dialect declared on every MCP schema: the catalog's schemas are draft-07. */
export const draft07 = 'http://json-schema.org/draft-07/schema#'

/**
 * One tool of an MCP `tools/list` result. Annotations are always written out in full: a hint the
 * client has to default is a hint it may default to the dangerous side.
 */
export const mcpTool: ToolProfile = (tool, _options, warn) => {
  const outputSchema = mcpOutputSchema(tool, warn)
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...descriptionOf(tool),
    inputSchema: { $schema: draft07, ...tool.parameters },
    ...(outputSchema === undefined ? {} : { outputSchema }),
    annotations: mcpAnnotations(tool),
  }
}

/** MCP tool hints derived from the catalog annotations; absent annotations mean false. */
export function mcpAnnotations(tool: CatalogTool): Record<string, boolean> {
  const { pure = false, consequential = false, untrusted = false } = tool.annotations ?? {}
  return { readOnlyHint: pure, destructiveHint: consequential, idempotentHint: pure, openWorldHint: untrusted }
}

/**
 * MCP requires an object output schema. A non-object output is wrapped as `{ result }` — the MCP
 * bridge must wrap `structuredContent` the same way; a streamed output has no MCP equivalent.
 */
function mcpOutputSchema(tool: CatalogTool, warn: Warn): JsonSchema | undefined {
  if (tool.output === undefined) return undefined
  if (tool.stream) {
    warn('/outputSchema', 'omitted: the tool streams its result and MCP has no schema for streamed content')
    return undefined
  }
  if (tool.output.type === 'object') return { $schema: draft07, ...tool.output }
  warn('/outputSchema', 'non-object output wrapped as { result }: MCP requires an object output schema')
  const { $defs, definitions, ...output } = tool.output
  const result = rewriteSchema(output, (node) =>
    typeof node.$ref === 'string' ? { ...node, $ref: rebaseRef(node.$ref) } : node,
  )
  return {
    $schema: draft07,
    type: 'object',
    properties: { result },
    required: ['result'],
    additionalProperties: false,
    ...($defs === undefined ? {} : { $defs }),
    ...(definitions === undefined ? {} : { definitions }),
  }
}

/** Points a local `$ref` at its new place under `/properties/result`; definitions stay at the root. */
function rebaseRef(ref: string): string {
  if (!ref.startsWith('#') || /^#\/(\$defs|definitions)\//.test(ref)) return ref
  return `#/properties/result${ref.slice(1)}`
}
