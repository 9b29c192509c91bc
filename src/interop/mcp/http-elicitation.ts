import type { McpCore } from './core.js'
import type { JsonRpcRequest } from './jsonrpc.js'
import { askClient, type PendingAnswers } from './pending-answers.js'
import type { ClientCapabilities } from './revisions.js'
import { errorOf } from './stdio-server.js'

/**
 * 2025-11-25 over stateless HTTP: the capabilities a client declared at `initialize` travel in the
 * `Mcp-Session-Id` the server hands back (nothing is stored); any other session id is tolerated
 * and means "no capability known".
 */
export function sessionIdFor(capabilities: unknown): string {
  const elicitation = typeof capabilities === 'object' && capabilities !== null && 'elicitation' in capabilities
  return `toolcat-${elicitation ? 'e' : 'n'}-${crypto.randomUUID()}`
}

/** The capabilities a session id of `sessionIdFor` carries. */
export function capabilitiesOfSession(sessionId: string | null): ClientCapabilities | undefined {
  return sessionId?.startsWith('toolcat-e-') ? { elicitation: {} } : undefined
}

/**
 * Answers a 2025-11-25 `tools/call` that will ask the person, as an SSE stream: the
 * `elicitation/create` request goes out on the stream, the client POSTs its answer (to this
 * process: a 2025-11-25 confirmation over HTTP needs the answer to reach the process that asked),
 * then the call's result closes the stream. No answer holds the call until the client goes away.
 */
export function answerOverSse(core: McpCore, request: JsonRpcRequest, capabilities: ClientCapabilities, signal: AbortSignal, pending: PendingAnswers, done: () => void): Response {
  const encoder = new TextEncoder()
  const stream = new TransformStream<Uint8Array, Uint8Array>()
  const writer = stream.writable.getWriter()
  const event = (text: string) => writer.write(encoder.encode(`event: message\ndata: ${text}\n\n`)).catch(() => undefined)
  const elicit = (params: Record<string, unknown>, callSignal: AbortSignal): Promise<unknown> =>
    askClient(pending, `toolcat-elicit-${crypto.randomUUID()}`, (message) => void event(JSON.stringify(message)), params, callSignal)
  void core
    .answer(request, { capabilities, elicit }, signal)
    .catch((error: unknown) => JSON.stringify(errorOf(request.id, error)))
    .then(async (text) => {
      await event(text)
      await writer.close().catch(() => undefined)
    })
    .finally(done)
  return new Response(stream.readable, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } })
}
