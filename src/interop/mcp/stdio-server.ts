import type { McpCore, McpPeer } from './core.js'
import { InFlight } from './in-flight.js'
import { errorCodes, errorResponse, isRequestId, McpProtocolError, type JsonRpcMessage, type JsonRpcRequest, type RequestId } from './jsonrpc.js'
import { askClient, type PendingAnswers } from './pending-answers.js'
import type { ClientCapabilities } from './revisions.js'
import type { StdioServerTransport } from './stdio-transport.js'

/** A connection of the stdio server: closes with the transport. */
export interface StdioConnection {
  /** Cancels what is running and stops answering. */
  close(reason: string): void
}

/**
 * Serves the core over one stdio transport: requests run concurrently (bounded by `maxInFlight`),
 * `notifications/cancelled` aborts one, the capabilities declared at `initialize` are kept for the
 * connection, and a confirmation is asked with an `elicitation/create` request of the server's own,
 * matched to the client's response by id.
 */
export function connectStdio(core: McpCore, transport: StdioServerTransport, options: { readonly maxInFlight: number; readonly log: (line: string) => void }): StdioConnection {
  const inFlight = new InFlight(options.maxInFlight)
  const asked: PendingAnswers = new Map()
  let capabilities: ClientCapabilities | undefined
  let nextId = 0
  let closed = false

  // A cancelled call stops waiting; the registry then fails it with the abort.
  const elicit = (params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> =>
    askClient(asked, `toolcat-elicit-${++nextId}`, (message) => void transport.send(message), params, signal)

  const notify = (message: JsonRpcMessage): Promise<void> | void => (closed ? undefined : transport.send(message))
  const peer = (): McpPeer => ({ ...(capabilities === undefined ? {} : { capabilities }), elicit, notify })

  async function answer(request: JsonRpcRequest): Promise<void> {
    let controller: AbortController
    try {
      controller = inFlight.begin(request.id)
    } catch (error) {
      const refusal = error as McpProtocolError
      options.log(`toolcat: refused ${request.method} ${JSON.stringify(request.id)}: ${refusal.message}`)
      await transport.send(errorResponse(request.id, refusal.code, refusal.message))
      return
    }
    try {
      if (request.method === 'initialize') capabilities = capabilitiesOf(request.params?.capabilities)
      const text = await core.answer(request, peer(), controller.signal)
      // A cancelled request gets no answer (MCP: the client no longer waits for one).
      if (!closed && !controller.signal.aborted) await transport.send(text)
    } catch (error) {
      if (!closed && !controller.signal.aborted) await transport.send(errorOf(request.id, error))
    } finally {
      inFlight.end(request.id, controller)
    }
  }

  transport.onmessage = (message: JsonRpcMessage) => {
    if (closed) return
    if (typeof message.method === 'string') {
      if (isRequestId(message.id)) void answer(message as JsonRpcRequest)
      else if (message.method === 'notifications/cancelled') {
        const id = message.params?.requestId
        if (isRequestId(id)) inFlight.cancel(id, message.params?.reason ?? 'cancelled by the client')
      }
      return
    }
    // A response: the answer to one of the server's own requests.
    if (message.id !== undefined) asked.get(message.id)?.('result' in message ? message.result : undefined)
  }

  return {
    close(reason) {
      closed = true
      inFlight.cancelAll(new Error(reason))
      for (const settle of [...asked.values()]) settle(undefined)
    },
  }
}

/** A thrown protocol error keeps its code; anything else is an internal error with its message. */
export function errorOf(id: RequestId | undefined, error: unknown): JsonRpcMessage {
  if (error instanceof McpProtocolError) return errorResponse(id, error.code, error.message, error.data)
  return errorResponse(id, errorCodes.internalError, error instanceof Error ? error.message : String(error))
}

function capabilitiesOf(value: unknown): ClientCapabilities | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ClientCapabilities) : undefined
}
