/**
 * Wraps a module import so concurrent callers share one import, a success is kept for good, and a
 * failure is forgotten once it settles, so the next call tries again rather than failing forever.
 */
export function sharedImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= Promise.resolve()
      .then(load)
      .catch((error: unknown) => {
        pending = undefined
        throw error
      })
    return pending
  }
}
