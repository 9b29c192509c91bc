import { errorCodes, McpProtocolError, type RequestId } from './jsonrpc.js'

/** JSON-RPC server error: too many requests in flight. */
export const busyCode = -32000

/**
 * The requests of one connection still being answered, each with the controller that cancels it.
 * An id already in flight is refused (reusing it would make the first call uncancellable), and
 * at most `max` run at once: the excess is answered with an error instead of queueing memory.
 */
export class InFlight {
  readonly #calls = new Map<string, AbortController>()

  constructor(readonly max: number) {}

  get size(): number {
    return this.#calls.size
  }

  /** Registers a request, or throws the protocol error that refuses it. */
  begin(id: RequestId): AbortController {
    const key = keyOf(id)
    if (this.#calls.has(key)) throw new McpProtocolError(errorCodes.invalidRequest, `request id ${JSON.stringify(id)} is already in flight: a new request needs an id of its own`)
    if (this.#calls.size >= this.max) throw new McpProtocolError(busyCode, `too many requests in flight (${this.max}, --max-in-flight): try again when one has been answered`)
    const controller = new AbortController()
    this.#calls.set(key, controller)
    return controller
  }

  end(id: RequestId, controller: AbortController): void {
    if (this.#calls.get(keyOf(id)) === controller) this.#calls.delete(keyOf(id))
  }

  /** Cancels one request (`notifications/cancelled`); an unknown id is ignored, as MCP says. */
  cancel(id: RequestId, reason: unknown): void {
    this.#calls.get(keyOf(id))?.abort(reason)
  }

  /** Cancels every request (the connection is closing). */
  cancelAll(reason: unknown): void {
    for (const controller of this.#calls.values()) controller.abort(reason)
  }
}

/** 1 and "1" are different ids. */
function keyOf(id: RequestId): string {
  return `${typeof id}:${id}`
}
