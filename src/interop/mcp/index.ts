/**
 * `toolcat/mcp`: a registry served over MCP Streamable HTTP by one Web-standard handler, for any
 * runtime with `fetch` (Node, Deno, Bun, Workers, Vercel functions).
 */
export { createMcpHandler, type McpHandlerOptions } from './http-handler.js'
export { createNodeListener, type NodeListenerOptions } from './node-listener.js'
export type { ConfirmPolicy, McpCoreOptions, McpRegistry, ServerInfo } from './core.js'
export { serverCard, serverCardMediaType, serverCardSchemaId, type ServerCardFields } from './server-card.js'
