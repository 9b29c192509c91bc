import { createMcpCore, type McpCoreOptions } from './core.js'
import { busyCode } from './in-flight.js'
import { checkHeaders, foreignOrigin } from './http-checks.js'
import { answerOverSse, capabilitiesOfSession, sessionIdFor } from './http-elicitation.js'
import type { PendingAnswers } from './pending-answers.js'
import { errorCodes, errorResponse, isJsonRpcMessage, McpProtocolError, requestIdOf, type JsonRpcMessage, type JsonRpcRequest } from './jsonrpc.js'
import { BodyBudget, readBody } from './read-body.js'
import { errorOf } from './stdio-server.js'

/** Options of `createMcpHandler`: the protocol core's, plus who may call and how much. */
export interface McpHandlerOptions extends McpCoreOptions {
  /** Decides whether a request may be served (e.g. checks its bearer token); a refusal is 401 with `WWW-Authenticate`. */
  readonly authorize?: (request: Request) => boolean | Promise<boolean>
  /** The `WWW-Authenticate` value of a 401. @default 'Bearer' */
  readonly wwwAuthenticate?: string
  /** Origins a browser page may call from (`*` for any); a request with another `Origin` is 403, whatever its `Host`. @default [] (no browser page) */
  readonly allowedOrigins?: readonly string[]
  /** `Host` values accepted (with port; case-insensitive); another is 403 (DNS-rebinding protection). `createNodeListener` refuses to serve a non-loopback address without it or `allowedOrigins`. @default any */
  readonly allowedHosts?: readonly string[]
  /** Largest request body, in bytes; a larger one is 413, decided before any of it is kept. @default 8 MiB */
  readonly maxRequestBytes?: number
  /** Requests read or answered at once; the excess is 503 with a JSON-RPC error. @default 1024 */
  readonly maxInFlight?: number
  /** Bytes of request bodies held at once, across requests; a body the rest would not fit in is 503, decided before it is kept. @default the larger of 64 MiB and `maxRequestBytes` */
  readonly maxBufferedBytes?: number
}

const json = { 'content-type': 'application/json' }

/** Handlers made by `createMcpHandler` with neither `allowedHosts` nor `allowedOrigins`: `createNodeListener` serves them on loopback only. */
export const unguardedHandlers = new WeakSet<(request: Request) => Promise<Response>>()

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
  const budget = new BodyBudget(options.maxBufferedBytes ?? Math.max(64 * 1024 * 1024, maxRequestBytes))
  let inFlight = 0
  const pending: PendingAnswers = new Map()

  const handler = async (request: Request): Promise<Response> => {
    const refused = foreignOrigin(request, allowedOrigins, allowedHosts)
    if (refused !== undefined) return reply(403, errorResponse(undefined, errorCodes.invalidRequest, `Forbidden: ${refused}`))
    if (options.authorize !== undefined && !(await Promise.resolve(options.authorize(request)).catch(() => false))) {
      return reply(401, errorResponse(undefined, errorCodes.invalidRequest, 'Unauthorized'), { 'www-authenticate': options.wwwAuthenticate ?? 'Bearer' })
    }
    if (request.method !== 'POST') return reply(405, errorResponse(undefined, errorCodes.invalidRequest, `Method not allowed: ${request.method} (this server answers POST only; it is stateless and opens no stream)`), { allow: 'POST' })
    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
      return reply(415, errorResponse(undefined, errorCodes.invalidRequest, 'Unsupported Media Type: the body must be application/json'))
    }
    // A slot is taken before the body is read: reading is what costs memory.
    if (inFlight >= maxInFlight) return busy(await readBody(request, 0, budget), `too many requests in flight (${maxInFlight}): try again later`)
    inFlight++
    let held = 0
    let streaming = false
    const done = () => {
      inFlight--
      budget.give(held)
    }
    try {
      const body = await readBody(request, maxRequestBytes, budget)
      if ('oversized' in body) {
        const { id, method } = body.head
        const what = method === undefined ? 'request' : `${method} request`
        return reply(413, errorResponse(id, errorCodes.invalidRequest, `${what} of ${body.oversized} bytes is larger than the server accepts (${maxRequestBytes} bytes)`))
      }
      if ('busy' in body) return busy(body, `too many request bytes in flight (${budget.max}): try again later`)
      held = body.held
      const answered = await answerBody(body.text, request)
      streaming = answered.streaming
      return answered.response
    } finally {
      if (!streaming) done()
    }

    async function answerBody(text: string, request: Request): Promise<{ response: Response; streaming: boolean }> {
      const plain = (response: Response) => ({ response, streaming: false })
      let message: unknown
      try {
        message = JSON.parse(text)
      } catch (error) {
        return plain(reply(400, errorResponse(undefined, errorCodes.parseError, `Parse error: ${error instanceof Error ? error.message : String(error)}`)))
      }
      if (!isJsonRpcMessage(message)) {
        const why = Array.isArray(message) ? 'batches are not supported' : 'not a JSON-RPC 2.0 message'
        return plain(reply(400, errorResponse(requestIdOf(message), errorCodes.invalidRequest, `Invalid Request: ${why}`)))
      }
      try {
        checkHeaders(request.headers, message)
      } catch (error) {
        return plain(reply(400, errorOf(message.id, error)))
      }
      // Notifications and responses need no answer; a response may answer one of this process's elicitations.
      if (message.id === undefined || typeof message.method !== 'string') {
        if (message.id !== undefined) pending.get(message.id)?.('result' in message ? message.result : undefined)
        return plain(new Response(null, { status: 202 }))
      }
      const capabilities = capabilitiesOfSession(request.headers.get('mcp-session-id'))
      if (capabilities !== undefined && /text\/event-stream/.test(request.headers.get('accept') ?? '') && core.willElicit(message as JsonRpcRequest, capabilities)) {
        return { response: answerOverSse(core, message as JsonRpcRequest, capabilities, request.signal, pending, done), streaming: true }
      }
      try {
        const answer = await core.answer(message as JsonRpcRequest, {}, request.signal)
        if (message.method === 'initialize') return plain(new Response(answer, { status: 200, headers: { ...json, 'mcp-session-id': sessionIdFor(message.params?.capabilities) } }))
        return plain(new Response(answer, { status: 200, headers: json }))
      } catch (error) {
        const status = error instanceof McpProtocolError && error.code === errorCodes.unsupportedProtocolVersion ? 400 : 200
        return plain(reply(status, errorOf(message.id, error)))
      }
    }
  }
  if (options.allowedHosts === undefined && options.allowedOrigins === undefined) unguardedHandlers.add(handler)
  return handler
}

/** The 503 of a request refused for room: to its own id when the scan found one. */
function busy(body: Awaited<ReturnType<typeof readBody>>, why: string): Response {
  const id = 'head' in body ? body.head.id : undefined
  return reply(503, errorResponse(id, busyCode, why), { 'retry-after': '1' })
}

function reply(status: number, message: JsonRpcMessage, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(message), { status, headers: { ...json, ...headers } })
}
