import { createMcpCore, type McpCoreOptions } from './core.js'
import { busyCode } from './in-flight.js'
import { checkHeaders, foreignOrigin } from './http-checks.js'
import { answerOverSse, capabilitiesOfSession, sessionIdFor } from './http-elicitation.js'
import type { PendingAnswers } from './pending-answers.js'
import { errorCodes, errorResponse, isJsonRpcMessage, McpProtocolError, requestIdOf, type JsonRpcMessage, type JsonRpcRequest } from './jsonrpc.js'
import { answerWithProgress, StreamedCalls, wantsProgressStream } from './progress-sse.js'
import { readBody } from './read-body.js'
import { serverCardAnswerer, type ServerCardFields } from './server-card.js'
import { errorOf } from './stdio-server.js'

/** Options of `createMcpHandler`: the protocol core's, plus who may call and how much. */
export interface McpHandlerOptions extends McpCoreOptions {
  /** Decides whether a request may be served (e.g. checks its bearer token); a refusal is 401 with `WWW-Authenticate`. */
  readonly authorize?: (request: Request) => boolean | Promise<boolean>
  /** The `WWW-Authenticate` value of a 401. @default 'Bearer' */
  readonly wwwAuthenticate?: string
  /** Origins a browser page may call from, besides the server's own (`*` for any); another `Origin` is 403. @default [] */
  readonly allowedOrigins?: readonly string[]
  /** `Host` values accepted (lower case, with port); another is 403. Set it on a loopback server: DNS-rebinding protection. @default any */
  readonly allowedHosts?: readonly string[]
  /** Largest request body, in bytes; a larger one is 413. @default 8 MiB */
  readonly maxRequestBytes?: number
  /** Requests answered at once; the excess is 503 with a JSON-RPC error. @default 1024 */
  readonly maxInFlight?: number
  /**
   * The Server Card answered at `GET <endpoint>/server-card` (SEP-2127 draft): its registry
   * identity (`name` is package.json's `mcpName`) and, behind a proxy, the public endpoint `url`;
   * `false` answers none. @default a card from `serverInfo`
   */
  readonly serverCard?: (ServerCardFields & { readonly url?: string }) | false
}

const json = { 'content-type': 'application/json' }

/**
 * Serves a registry over MCP Streamable HTTP as one Web-standard function, `(Request) =>
 * Promise<Response>`: Node (through `createNodeListener`), Deno, Bun, Workers and Vercel run it
 * unchanged. Stateless: every POST is answered on its own, on the revision it speaks —
 * 2025-11-25 (`initialize` answered, any `Mcp-Session-Id` tolerated) or 2026-07-28 (no
 * handshake, `_meta` envelope, header checks) — so any number of copies can serve one client.
 * A GET (there is no stream to open) is 405.
 */
export function createMcpHandler(options: McpHandlerOptions): (request: Request) => Promise<Response> {
  const core = createMcpCore(options)
  const allowedOrigins = options.allowedOrigins ?? []
  const allowedHosts = options.allowedHosts?.map((host) => host.toLowerCase())
  const maxRequestBytes = options.maxRequestBytes ?? 8 * 1024 * 1024
  const maxInFlight = options.maxInFlight ?? 1024
  let inFlight = 0
  const pending: PendingAnswers = new Map()
  const streamed = new StreamedCalls()
  const card = options.serverCard === false ? undefined : serverCardAnswerer(core.serverInfo, options.serverCard ?? {})

  return async (request) => {
    const answered = card?.(request)
    if (answered !== undefined) return answered
    const refused = foreignOrigin(request, allowedOrigins, allowedHosts)
    if (refused !== undefined) return reply(403, errorResponse(undefined, errorCodes.invalidRequest, `Forbidden: ${refused}`))
    if (options.authorize !== undefined && !(await Promise.resolve(options.authorize(request)).catch(() => false))) {
      return reply(401, errorResponse(undefined, errorCodes.invalidRequest, 'Unauthorized'), { 'www-authenticate': options.wwwAuthenticate ?? 'Bearer' })
    }
    if (request.method !== 'POST') return reply(405, errorResponse(undefined, errorCodes.invalidRequest, `Method not allowed: ${request.method} (this server answers POST only; it is stateless and opens no stream)`), { allow: 'POST' })
    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
      return reply(415, errorResponse(undefined, errorCodes.invalidRequest, 'Unsupported Media Type: the body must be application/json'))
    }
    const body = await readBody(request, maxRequestBytes)
    if ('oversized' in body) {
      const { id, method } = body.head
      const what = method === undefined ? 'request' : `${method} request`
      return reply(413, errorResponse(id, errorCodes.invalidRequest, `${what} of ${body.oversized} bytes is larger than the server accepts (${maxRequestBytes} bytes)`))
    }
    let message: unknown
    try {
      message = JSON.parse(body.text)
    } catch (error) {
      return reply(400, errorResponse(undefined, errorCodes.parseError, `Parse error: ${error instanceof Error ? error.message : String(error)}`))
    }
    if (!isJsonRpcMessage(message)) {
      const why = Array.isArray(message) ? 'batches are not supported' : 'not a JSON-RPC 2.0 message'
      return reply(400, errorResponse(requestIdOf(message), errorCodes.invalidRequest, `Invalid Request: ${why}`))
    }
    try {
      checkHeaders(request.headers, message)
    } catch (error) {
      return reply(400, errorOf(message.id, error))
    }
    // Notifications and responses need no answer; a response may answer one of this process's elicitations.
    if (message.id === undefined || typeof message.method !== 'string') {
      if (message.id !== undefined) pending.get(message.id)?.('result' in message ? message.result : undefined)
      else if (message.method === 'notifications/cancelled') streamed.cancel(message.params)
      return new Response(null, { status: 202 })
    }
    if (inFlight >= maxInFlight) return reply(503, errorResponse(message.id, busyCode, `too many requests in flight (${maxInFlight}): try again later`), { 'retry-after': '1' })
    const capabilities = capabilitiesOfSession(request.headers.get('mcp-session-id'))
    if (wantsProgressStream(core, message, request.headers)) {
      inFlight++
      return answerWithProgress(core, message as JsonRpcRequest, capabilities, request.signal, pending, streamed, () => inFlight--)
    }
    if (capabilities !== undefined && /text\/event-stream/.test(request.headers.get('accept') ?? '') && core.willElicit(message as JsonRpcRequest, capabilities)) {
      inFlight++
      return answerOverSse(core, message as JsonRpcRequest, capabilities, request.signal, pending, () => inFlight--)
    }
    inFlight++
    try {
      const text = await core.answer(message as JsonRpcRequest, {}, request.signal)
      if (message.method === 'initialize') return new Response(text, { status: 200, headers: { ...json, 'mcp-session-id': sessionIdFor(message.params?.capabilities) } })
      return new Response(text, { status: 200, headers: json })
    } catch (error) {
      const status = error instanceof McpProtocolError && error.code === errorCodes.unsupportedProtocolVersion ? 400 : 200
      return reply(status, errorOf(message.id, error))
    } finally {
      inFlight--
    }
  }
}

function reply(status: number, message: JsonRpcMessage, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(message), { status, headers: { ...json, ...headers } })
}
