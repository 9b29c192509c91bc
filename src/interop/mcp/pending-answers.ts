import type { JsonRpcMessage, RequestId } from './jsonrpc.js'

/** The server's own requests to a client still waiting for its answer, by id. */
export type PendingAnswers = Map<RequestId, (answer: unknown) => void>

/**
 * Sends an `elicitation/create` request of the server's own and resolves with the client's answer
 * (its `result`), or with undefined when the call is cancelled first: the caller treats that as no.
 */
export function askClient(pending: PendingAnswers, id: RequestId, send: (message: JsonRpcMessage) => void, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    const settle = (answer: unknown) => {
      pending.delete(id)
      signal.removeEventListener('abort', onAbort)
      resolve(answer)
    }
    const onAbort = () => settle(undefined)
    signal.addEventListener('abort', onAbort, { once: true })
    pending.set(id, settle)
    send({ jsonrpc: '2.0', id, method: 'elicitation/create', params })
  })
}
