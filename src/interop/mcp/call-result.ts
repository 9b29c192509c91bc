import type { CatalogTool } from '../../runtime/catalog.js'
import type { ToolResult } from '../../runtime/types.js'

/** The MCP `tools/call` result for one registry result (the SDK's `CallToolResult` shape). */
export interface McpCallResult {
  readonly [key: string]: unknown
  readonly content: { readonly type: 'text'; readonly text: string }[]
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: true
}

/**
 * Maps a registry result to MCP: a failure becomes an `isError` result carrying the registry's
 * message, so the model sees it and can correct itself; a success is its value as JSON text plus,
 * when the tool advertises an output schema, `structuredContent` — the value itself for an object
 * output, `{ result }` for any other, exactly as the MCP profile wraps that schema.
 */
export function toCallResult(result: ToolResult, tool: CatalogTool, hasOutputSchema: boolean): McpCallResult {
  if (!result.success) return { content: [{ type: 'text', text: result.error }], isError: true }
  const text = JSON.stringify(result.value ?? null)
  if (!hasOutputSchema) return { content: [{ type: 'text', text }] }
  const structured = tool.output?.type === 'object' ? (result.value as Record<string, unknown>) : { result: result.value }
  return { content: [{ type: 'text', text }], structuredContent: structured }
}
