import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { CallToolRequestSchema, ErrorCode, JSONRPCMessage, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'

/** The parts of `@modelcontextprotocol/sdk` the bridge uses, loaded on demand. */
export interface McpSdk {
  readonly Server: typeof Server
  readonly ListToolsRequestSchema: typeof ListToolsRequestSchema
  readonly CallToolRequestSchema: typeof CallToolRequestSchema
  readonly McpError: typeof McpError
  readonly ErrorCode: typeof ErrorCode
  /** Whether a parsed value is a JSON-RPC message (the SDK's own schema). */
  readonly isJsonRpcMessage: (value: unknown) => value is JSONRPCMessage
}

/**
 * Imports the MCP SDK, an optional peer dependency (it pulls in HTTP frameworks only `serve` needs).
 * Resolves with `undefined` when it is not installed, so the caller can say how to install it.
 */
export async function loadMcpSdk(): Promise<McpSdk | undefined> {
  try {
    const [server, types] = await Promise.all([import('@modelcontextprotocol/sdk/server/index.js'), import('@modelcontextprotocol/sdk/types.js')])
    const { CallToolRequestSchema, ErrorCode, JSONRPCMessageSchema, ListToolsRequestSchema, McpError } = types
    const isJsonRpcMessage = (value: unknown): value is JSONRPCMessage => JSONRPCMessageSchema.safeParse(value).success
    return { Server: server.Server, ListToolsRequestSchema, CallToolRequestSchema, McpError, ErrorCode, isJsonRpcMessage }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined
    throw error
  }
}
