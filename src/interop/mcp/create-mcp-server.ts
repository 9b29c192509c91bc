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
}

/** The low-level SDK server (never `McpServer`, which would re-derive schemas from zod) and the profile's warnings. */
export interface McpBridge {
  readonly server: Server
  readonly warnings: readonly ExportWarning[]
}

/**
 * Creates an MCP server over a catalog: `tools/list` advertises the tools exactly as the MCP
 * profile writes them (draft-07 `inputSchema`, `outputSchema`, explicit annotations), paginated;
 * `tools/call` runs them through the registry. An unknown tool is a protocol error (InvalidParams),
 * as the MCP specification classes it; every other failure is an `isError` result.
 */
export function createMcpServer(sdk: McpSdk, options: McpServerOptions): McpBridge {
  const { catalog, registry } = options
  const { output, warnings } = exportTools(catalog, 'mcp')
  // The MCP profile writes exactly the `tools/list` result shape.
  const listed = (output as ListToolsResult).tools
  const byName = new Map<string, { tool: CatalogTool; hasOutputSchema: boolean }>(
    catalog.tools.map((tool, index) => [tool.name, { tool, hasOutputSchema: listed[index]?.outputSchema !== undefined }]),
  )
  const server = new sdk.Server(
    { name: catalog.package?.name ?? 'toolcat', version: catalog.package?.version ?? '0.0.0' },
    { capabilities: { tools: { listChanged: false } } },
  )
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
    return toCallResult(result, known.tool, known.hasOutputSchema)
  })

  return { server, warnings }
}
