import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import type { ToolDefinition } from '../../runtime/types.js'
import { mcpTool } from '../profiles/mcp.js'
import type { ExportWarning } from '../profiles/types.js'
import { errorCodes, McpProtocolError } from './jsonrpc.js'
import { pageOf, InvalidCursorError } from './pages.js'

/** One tool as `tools/list` shows it. */
export interface McpTool {
  readonly name: string
  readonly outputSchema?: unknown
  readonly [key: string]: unknown
}

/** A served tool: its catalog view (to shape results) and whether it advertises an output schema. */
export interface ServedTool {
  readonly tool: CatalogTool
  readonly hasOutputSchema: boolean
  readonly consequential: boolean
}

/** The tools a server lists, their pages as JSON text, and the profile's changes. */
export interface Listing {
  readonly tools: readonly McpTool[]
  readonly byName: ReadonlyMap<string, ServedTool>
  readonly warnings: readonly ExportWarning[]
  /** The `tools/list` result for a cursor as JSON text, the same bytes for every request (built once per page). */
  page(cursor: string | undefined, modern: boolean): string
}

/** How a listing's results are written. */
export interface ListingOptions {
  readonly pageSize: number
  /** The cache hint of every 2026-07-28 listing (SEP-2549). */
  readonly ttlMs: number
}

/**
 * Lists the tools exactly as the MCP profile writes them: from the catalog when one is given (it
 * has output schemas), else from the registry's definitions. Pages are rendered on first request
 * and kept, so one build gives byte-identical listings.
 */
export function createListing(definitions: readonly ToolDefinition[], catalog: Catalog | undefined, options: ListingOptions): Listing {
  const fromCatalog = new Map((catalog?.tools ?? []).map((tool) => [tool.name, tool]))
  const warnings: ExportWarning[] = []
  const byName = new Map<string, ServedTool>()
  const tools = definitions.map((definition) => {
    const tool = fromCatalog.get(definition.name) ?? asCatalogTool(definition)
    const listed = mcpTool(tool, {}, (path, message, kind) => warnings.push({ tool: tool.name, path, kind, message })) as McpTool
    byName.set(tool.name, { tool, hasOutputSchema: listed.outputSchema !== undefined, consequential: tool.annotations?.consequential === true })
    return listed
  })
  const rendered = new Map<string, string>()
  return {
    tools,
    byName,
    warnings,
    page(cursor, modern) {
      const key = `${modern ? 'm' : 'l'}:${cursor ?? ''}`
      const known = rendered.get(key)
      if (known !== undefined) return known
      let page
      try {
        page = pageOf(tools, options.pageSize, cursor)
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new McpProtocolError(errorCodes.invalidParams, error.message)
        throw error
      }
      const result = {
        ...(modern ? { resultType: 'complete', ttlMs: options.ttlMs, cacheScope: 'public' } : {}),
        tools: page.items,
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      }
      const text = JSON.stringify(result)
      // Only cursors the server issued are kept: a forged one threw above.
      rendered.set(key, text)
      return text
    },
  }
}

/** A registry definition seen as a catalog entry, for the profile (no output schema, no source). */
function asCatalogTool(definition: ToolDefinition): CatalogTool {
  return {
    name: definition.name,
    ...(definition.title === undefined ? {} : { title: definition.title }),
    ...(definition.description === undefined ? {} : { description: definition.description }),
    parameters: definition.parameters ?? { type: 'object' },
    ...(definition.annotations === undefined ? {} : { annotations: definition.annotations }),
    source: { module: '', export: definition.name },
    hash: '',
  }
}
