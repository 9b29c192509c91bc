import type { ToolContext } from '../../src/index.js'

/** A context whose signal never aborts. */
export function newContext(): ToolContext {
  return { signal: new AbortController().signal }
}

/** A promise with its resolver exposed, for handlers that settle when the test says so. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

/** Whether a promise is still pending after every queued microtask and a macrotask have run. */
export async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('pending')
  const winner = await Promise.race([promise, new Promise((done) => setTimeout(() => done(pending), 20))])
  return winner === pending
}
