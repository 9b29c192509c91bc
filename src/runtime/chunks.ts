import { throwIfAborted, untilAborted } from './abort.js'

/** Whether a handler's value is a stream of chunks (T6). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
}

/**
 * Re-yields a handler's chunks as they arrive, stopping as soon as the signal aborts (even while a
 * chunk is pending). Whenever iteration stops before the source is exhausted — abort, a consumer
 * that stops reading — the source iterator's `return()` is called so it can release its resources.
 */
export async function* pullChunks(source: AsyncIterable<unknown>, signal: AbortSignal): AsyncGenerator<unknown, void> {
  const iterator = source[Symbol.asyncIterator]()
  let exhausted = false
  try {
    for (;;) {
      throwIfAborted(signal)
      const step = await untilAborted(iterator.next(), signal)
      if (step.done === true) {
        exhausted = true
        return
      }
      yield step.value
    }
  } finally {
    if (!exhausted) closeQuietly(iterator)
  }
}

/** Asks the iterator to finish without waiting: a source stuck on a pending chunk must not hold the caller. */
function closeQuietly(iterator: AsyncIterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => undefined)
  } catch {
    // A source whose return() throws has nothing left to release.
  }
}
