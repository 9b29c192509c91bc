/** A JSON-RPC request id: MCP allows strings and numbers (never null). */
export type RequestId = string | number

/** A JSON-RPC 2.0 message as MCP sends it: a request (with `id`), a notification, or a response. */
export interface JsonRpcMessage {
  readonly jsonrpc: '2.0'
  readonly id?: RequestId
  readonly method?: string
  readonly params?: Record<string, unknown>
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown }
}

/** A message with a method and an id: it wants an answer. */
export interface JsonRpcRequest extends JsonRpcMessage {
  readonly id: RequestId
  readonly method: string
}

/** JSON-RPC and MCP error codes the server answers with. */
export const errorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** SEP-2243: an MCP header disagrees with the body (HTTP 400). */
  headerMismatch: -32020,
  /** 2026-07-28: the request's protocol version is not one the server speaks. */
  unsupportedProtocolVersion: -32022,
} as const

/** A protocol error: answered as a JSON-RPC error with its code, its message said once. */
export class McpProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** Whether a parsed value is a JSON-RPC 2.0 request, notification or response MCP accepts (no batches). */
export function isJsonRpcMessage(value: unknown): value is JsonRpcMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const message = value as Record<string, unknown>
  if (message.jsonrpc !== '2.0') return false
  const hasId = 'id' in message
  if (hasId && !isRequestId(message.id)) return false
  if (typeof message.method === 'string') {
    return message.params === undefined || (typeof message.params === 'object' && message.params !== null && !Array.isArray(message.params))
  }
  if (!hasId || message.method !== undefined) return false
  if ('result' in message) return !('error' in message)
  const error = message.error as Record<string, unknown> | undefined
  return typeof error === 'object' && error !== null && typeof error.code === 'number' && typeof error.message === 'string'
}

/** Whether a value can be a request id. */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** The `id` of something shaped like a request, to answer it even when it is not valid JSON-RPC. */
export function requestIdOf(value: unknown): RequestId | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { id } = value as { id?: unknown }
  return isRequestId(id) ? id : undefined
}

/** An error response; without a known id, `id` is left out (MCP's JSONRPCErrorResponse allows it). */
export function errorResponse(id: RequestId | undefined, code: number, message: string, data?: unknown): JsonRpcMessage {
  return { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message, ...(data === undefined ? {} : { data }) } }
}

/**
 * A success response as JSON text. `result` may be JSON text already (a cached listing), spliced
 * in as is, so every answer of one listing is byte-identical.
 */
export function resultText(id: RequestId, result: unknown): string {
  const body = typeof result === 'string' ? result : JSON.stringify(result)
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${body}}`
}
