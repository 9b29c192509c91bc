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
    const onAbort = (): void => reject(new CallFailure(abortMessage(signal)))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
