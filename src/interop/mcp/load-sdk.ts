import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'

/** The parts of `@modelcontextprotocol/sdk` the bridge uses, loaded on demand. */
export interface McpSdk {
  readonly Server: typeof Server
  readonly StdioServerTransport: typeof StdioServerTransport
  readonly ListToolsRequestSchema: typeof ListToolsRequestSchema
  readonly CallToolRequestSchema: typeof CallToolRequestSchema
  readonly McpError: typeof McpError
  readonly ErrorCode: typeof ErrorCode
}

/**
 * Imports the MCP SDK, an optional peer dependency (it pulls in HTTP frameworks only `serve` needs).
 * Resolves with `undefined` when it is not installed, so the caller can say how to install it.
 */
export async function loadMcpSdk(): Promise<McpSdk | undefined> {
  try {
    const [server, stdio, types] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/index.js'),
      import('@modelcontextprotocol/sdk/server/stdio.js'),
      import('@modelcontextprotocol/sdk/types.js'),
    ])
    const { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = types
    return { Server: server.Server, StdioServerTransport: stdio.StdioServerTransport, ListToolsRequestSchema, CallToolRequestSchema, McpError, ErrorCode }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined
    throw error
  }
}
