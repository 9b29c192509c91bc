import type { CatalogTool } from '../../runtime/catalog.js'
import type { JsonSchema } from '../../runtime/types.js'
import { rewriteSchema } from '../schema/rewrite.js'
import { descriptionOf } from './tool-description.js'
import type { ToolProfile, Warn } from './types.js'

/** The dialect declared on every MCP schema: the catalog's schemas are draft-07. */
export const draft07 = 'http://json-schema.org/draft-07/schema#'

/**
 * One tool of an MCP `tools/list` result (MCP 2025-11-25, schema/2025-11-25/schema.ts `Tool` in
 * modelcontextprotocol/modelcontextprotocol): `title` is the tool's display name, `inputSchema`
 * declares its dialect (draft-07) since MCP reads a schema without `$schema` as 2020-12.
 */
export const mcpTool: ToolProfile = (tool, _options, warn) => {
  const outputSchema = mcpOutputSchema(tool, warn)
  const annotations = mcpAnnotations(tool)
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...descriptionOf(tool),
    inputSchema: { $schema: draft07, ...tool.parameters },
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(Object.keys(annotations).length === 0 ? {} : { annotations }),
  }
}

/**
 * MCP tool hints from the catalog annotations, by what each hint means in the specification
 * (`ToolAnnotations`, MCP 2025-11-25): a hint nobody stated is omitted, so a client falls back to
 * the specification's default — never a claim the author did not make.
 * - `pure` (no observable state change) is `readOnlyHint`, either way. When it is true the
 *   destructive and idempotent hints are not read (the specification: "meaningful only when
 *   readOnlyHint == false").
 * - `consequential: true` is `destructiveHint: true`. `false` says only that no confirmation is
 *   needed, not that updates are "only additive" (what `destructiveHint: false` claims): omitted.
 * - `untrusted: true` is `openWorldHint: true` (content from outside the tool). `false` says the
 *   content is the tool's own, not that its domain is closed: omitted.
 */
export function mcpAnnotations(tool: CatalogTool): Record<string, boolean> {
  const { pure, consequential, untrusted } = tool.annotations ?? {}
  return {
    ...(pure === undefined ? {} : { readOnlyHint: pure }),
    ...(consequential === true && pure !== true ? { destructiveHint: true } : {}),
    ...(untrusted === true ? { openWorldHint: true } : {}),
  }
}

/**
 * MCP requires an object output schema. A non-object output is wrapped as `{ result }` — the MCP
 * bridge must wrap `structuredContent` the same way; a streamed output has no MCP equivalent.
 */
function mcpOutputSchema(tool: CatalogTool, warn: Warn): JsonSchema | undefined {
  if (tool.output === undefined) return undefined
  if (tool.stream) {
    warn('/outputSchema', 'omitted: the tool streams its result and MCP has no schema for streamed content', 'note')
    return undefined
  }
  if (tool.output.type === 'object') return { $schema: draft07, ...tool.output }
  warn('/outputSchema', 'non-object output wrapped as { result }: MCP requires an object output schema', 'cosmetic')
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
