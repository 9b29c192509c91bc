/** A failure whose message is final: thrown inside a call's run and turned verbatim into its result. */
export class CallFailure extends Error {}

/** The failure message of an aborted signal: `String(signal.reason)`, or `aborted` without a reason. */
export function abortMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason
  if (reason === undefined) return 'aborted'
  try {
    return String(reason)
  } catch {
    return 'Unknown thrown value'
  }
}

/** Throws the abort failure when the signal is already aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new CallFailure(abortMessage(signal))
}

/** Settles like `promise`, unless the signal aborts first: then rejects with the abort failure. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new CallFailure(abortMessage(signal)))
    const cancel = whenAborted(signal, () => reject(new CallFailure(abortMessage(signal))))
    promise.then(
      (value) => {
        cancel()
        resolve(value)
      },
      (error: unknown) => {
        cancel()
        reject(error)
      },
    )
  })
}

const waiting = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * Runs `callback` when the signal aborts and returns the function that forgets it. Thousands of
 * calls may share one signal: a single listener per signal fans out to a set, so registering and
 * forgetting stay O(1) and Node's listener-leak warning is not tripped.
 */
function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiting.get(signal)
  if (callbacks === undefined) {
    const fresh = new Set<() => void>()
    waiting.set(signal, fresh)
    signal.addEventListener('abort', () => fresh.forEach((one) => one()), { once: true })
    callbacks = fresh
  }
  const registered = callbacks.add(callback)
  return () => registered.delete(callback)
}
