/** Event names mapped to the argument tuples their listeners receive. */
export type EventMap = { readonly [event: string]: readonly unknown[] }

/** A listener for one event of a map. */
export type Listener<M extends EventMap, K extends keyof M> = (...args: M[K]) => void

/** The subscriber-facing side of an emitter: subscribe, and see whether it was destroyed. */
export interface EmitterInterface<M extends EventMap> {
  /** True once destroyed: it publishes nothing and ignores new subscriptions. */
  readonly destroyed: boolean
  /** Subscribes a listener; returns the function that unsubscribes it. */
  on<K extends keyof M>(event: K, listener: Listener<M, K>): () => void
}

/** Receives a listener's throw together with the event it was handling. */
export type ListenerErrorHandler<M extends EventMap> = (error: unknown, event: keyof M) => void

/** A synchronous emitter whose listener throws are contained: forwarded to a handler, or swallowed. */
export class Emitter<M extends EventMap> implements EmitterInterface<M> {
  readonly #listeners = new Map<keyof M, Set<Listener<M, keyof M>>>()
  readonly #onError: ListenerErrorHandler<M> | undefined
  #destroyed = false

  constructor(onError?: ListenerErrorHandler<M>) {
    this.#onError = onError
  }

  /** True once destroyed. */
  get destroyed(): boolean {
    return this.#destroyed
  }

  /** Subscribes a listener unless destroyed; returns its unsubscribe function. */
  on<K extends keyof M>(event: K, listener: Listener<M, K>): () => void {
    if (this.#destroyed) return () => undefined
    const listeners = this.#listeners.get(event) ?? new Set()
    this.#listeners.set(event, listeners)
    listeners.add(listener as Listener<M, keyof M>)
    return () => listeners.delete(listener as Listener<M, keyof M>)
  }

  /**
   * Calls the listeners subscribed when the emission starts, in subscription order. The snapshot
   * is delivered in full even if a listener destroys the emitter part-way through.
   */
  emit<K extends keyof M>(event: K, ...args: M[K]): void {
    const listeners = this.#listeners.get(event)
    // Nobody listening (a registry adding thousands of tools at start-up): no snapshot to copy.
    if (this.#destroyed || listeners === undefined || listeners.size === 0) return
    for (const listener of [...listeners]) {
      try {
        listener(...args)
      } catch (error) {
        this.#report(error, event)
      }
    }
  }

  /** Drops every listener and stops publishing for good. */
  destroy(): void {
    this.#destroyed = true
    this.#listeners.clear()
  }

  #report(error: unknown, event: keyof M): void {
    try {
      this.#onError?.(error, event)
    } catch {
      // An error handler that throws must not break delivery to the remaining listeners.
    }
  }
}
