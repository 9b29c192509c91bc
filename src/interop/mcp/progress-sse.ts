import type { McpCore } from './core.js'
import { isRequestId, type JsonRpcMessage, type JsonRpcRequest, type RequestId } from './jsonrpc.js'
import { askClient, type PendingAnswers } from './pending-answers.js'
import { progressTokenOf } from './progress-stream.js'
import type { ClientCapabilities } from './revisions.js'
import { errorOf } from './stdio-server.js'

/**
 * The streamed calls this process is answering over HTTP, by request id: a
 * `notifications/cancelled` POSTed to the same process stops one (a stateless server has no other
 * way to reach it; a dropped stream stops it anywhere).
 */
export class StreamedCalls {
  readonly #calls = new Map<string, AbortController>()

  /** A controller for the call, aborted by `cancel` or by the request's own signal. */
  begin(id: RequestId, signal: AbortSignal): { signal: AbortSignal; end(): void } {
    const key = `${typeof id}:${id}`
    const controller = new AbortController()
    this.#calls.set(key, controller)
    return {
      signal: AbortSignal.any([signal, controller.signal]),
      end: () => {
        if (this.#calls.get(key) === controller) this.#calls.delete(key)
      },
    }
  }

  /** Handles `notifications/cancelled`: an id this process is not answering is ignored. */
  cancel(params: Record<string, unknown> | undefined): void {
    const id = params?.requestId
    if (isRequestId(id)) this.#calls.get(`${typeof id}:${id}`)?.abort(params?.reason ?? 'cancelled by the client')
  }
}

/** Whether a POSTed request is a call of a streaming tool whose client asked for progress and reads SSE. */
export function wantsProgressStream(core: McpCore, message: JsonRpcMessage, headers: Headers): boolean {
  if (message.method !== 'tools/call' || progressTokenOf(message.params) === undefined) return false
  if (!/text\/event-stream/.test(headers.get('accept') ?? '')) return false
  const name = message.params?.name
  return typeof name === 'string' && core.listing().byName.get(name)?.tool.stream === true
}

/**
 * Answers a streaming tool's call as an SSE stream: each chunk's progress notification as an event
 * as it comes (and, on 2025-11-25, an `elicitation/create` the confirmation needs), then the result,
 * then the stream ends. A client that drops the stream, or cancels the call, stops the tool's
 * iterator (its `return()` runs).
 */
export function answerWithProgress(core: McpCore, request: JsonRpcRequest, capabilities: ClientCapabilities | undefined, signal: AbortSignal, pending: PendingAnswers, calls: StreamedCalls, done: () => void): Response {
  const encoder = new TextEncoder()
  const stream = new TransformStream<Uint8Array, Uint8Array>()
  const writer = stream.writable.getWriter()
  const call = calls.begin(request.id, signal)
  const gone = new AbortController()
  const callSignal = AbortSignal.any([call.signal, gone.signal])
  // A write that fails means the reader went away (a runtime whose request signal does not say so).
  const event = (message: JsonRpcMessage | string) =>
    writer.write(encoder.encode(`event: message\ndata: ${typeof message === 'string' ? message : JSON.stringify(message)}\n\n`)).catch(() => gone.abort(new Error('the client closed the stream')))
  const elicit = (params: Record<string, unknown>, elicitSignal: AbortSignal): Promise<unknown> =>
    askClient(pending, `toolcat-elicit-${crypto.randomUUID()}`, (message) => void event(message), params, elicitSignal)
  const notify = (message: JsonRpcMessage): Promise<void> | void => (callSignal.aborted ? undefined : event(message))
  void core
    .answer(request, { ...(capabilities === undefined ? {} : { capabilities }), elicit, notify }, callSignal)
    .catch((error: unknown) => JSON.stringify(errorOf(request.id, error)))
    .then(async (text) => {
      if (!callSignal.aborted) await event(text)
      await writer.close().catch(() => undefined)
    })
    .finally(() => {
      call.end()
      done()
    })
  return new Response(stream.readable, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } })
}
