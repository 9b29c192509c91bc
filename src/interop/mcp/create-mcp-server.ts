import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js'
import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import type { ToolManagerInterface } from '../../runtime/manager-types.js'
import type { ToolContext } from '../../runtime/types.js'
import { exportTools, type ExportWarning } from '../profiles/index.js'
import { toCallResult } from './call-result.js'
import type { McpSdk } from './load-sdk.js'
import { InvalidCursorError, pageOf } from './pages.js'

/** How a consequential tool's confirmation (T9) is answered: the server has nobody to ask. */
export type ConfirmPolicy = 'deny' | 'allow'

/** What the bridge serves and how. */
export interface McpServerOptions {
  readonly catalog: Catalog
  /** Executes the catalog's tools; a lazy registry imports each handler on its first call. */
  readonly registry: Pick<ToolManagerInterface, 'execute'>
  /** Tools per `tools/list` page. */
  readonly pageSize: number
  /** `allow` approves every consequential call, because the operator said so; `deny` refuses them all. */
  readonly confirm: ConfirmPolicy
  /** Declaration-only tools the host supplies a handler for; the others cannot run and are not listed. */
  readonly handled?: ReadonlySet<string>
  /** toolcat's version: in `serverInfo` (also as the version when the catalog names no package). */
  readonly toolcatVersion: string
  /** Writes one diagnostic line (stderr: stdout carries the protocol). */
  readonly log: (line: string) => void
}

/** The low-level SDK server (never `McpServer`, which would re-derive schemas from zod), what it lists and the profile's changes. */
export interface McpBridge {
  readonly server: Server
  /** The tools served, in catalog order. */
  readonly served: readonly string[]
  /** Declaration-only tools left out: nothing could run them. */
  readonly unlisted: readonly string[]
  readonly warnings: readonly ExportWarning[]
}

/**
 * Creates an MCP server over a catalog: `tools/list` advertises the runnable tools exactly as the
 * MCP profile writes them (draft-07 `inputSchema`, `outputSchema`, the hints the author stated),
 * paginated; `tools/call` runs them through the registry. An unknown tool is a protocol error
 * (InvalidParams), as the MCP specification classes it; every other failure is an `isError`
 * result. A call whose client went away or cancelled it is dropped with a log line.
 */
export function createMcpServer(sdk: McpSdk, options: McpServerOptions): McpBridge {
  const { catalog, registry, log } = options
  const handled = options.handled ?? new Set<string>()
  const runnable = catalog.tools.filter((tool) => tool.declarationOnly !== true || handled.has(tool.name))
  const unlisted = catalog.tools.filter((tool) => !runnable.includes(tool)).map((tool) => tool.name)
  const { output, warnings } = exportTools({ ...catalog, tools: runnable }, 'mcp')
  // The MCP profile writes exactly the `tools/list` result shape.
  const listed = (output as ListToolsResult).tools
  const byName = new Map<string, { tool: CatalogTool; hasOutputSchema: boolean }>(
    runnable.map((tool, index) => [tool.name, { tool, hasOutputSchema: listed[index]?.outputSchema !== undefined }]),
  )
  const server = new sdk.Server(serverInfo(catalog, runnable.length, options.toolcatVersion), { capabilities: { tools: { listChanged: false } } })
  server.onerror = (error) => log(`toolcat: ${error.message}`)
  const confirm = options.confirm === 'allow' ? () => true : undefined

  server.setRequestHandler(sdk.ListToolsRequestSchema, (request) => {
    try {
      const page = pageOf(listed, options.pageSize, request.params?.cursor)
      return { tools: [...page.items], ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) }
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, error.message)
      throw error
    }
  })

  server.setRequestHandler(sdk.CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params
    const known = byName.get(name)
    if (known === undefined) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, `Unknown tool: ${name}`)
    const context: ToolContext = { signal: extra.signal, ...(confirm === undefined ? {} : { confirm }) }
    const result = await registry.execute({ id: String(extra.requestId), name, arguments: args }, context)
    if (extra.signal.aborted) log(`toolcat: tools/call ${JSON.stringify(extra.requestId)} (${name}) was cancelled (by its client, by the client leaving, or by the server stopping); its result is dropped`)
    return toCallResult(result, known.tool, known.hasOutputSchema)
  })

  return { server, served: runnable.map((tool) => tool.name), unlisted, warnings }
}

/** `serverInfo`: the served package and its version when the catalog knows them, else toolcat. */
function serverInfo(catalog: Catalog, count: number, toolcatVersion: string): { name: string; version: string; description: string } {
  const description = `${count} tool${count === 1 ? '' : 's'} served by toolcat ${toolcatVersion}`
  if (catalog.package === undefined) return { name: 'toolcat', version: toolcatVersion, description }
  return { name: catalog.package.name, version: catalog.package.version ?? '0.0.0', description }
}
