/** Work that must be undone when the process is interrupted: temporary files, staging folders. */
export type InterruptCleanup = () => void | Promise<void>

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const cleanups = new Set<InterruptCleanup>()
let interrupted: NodeJS.Signals | undefined

/**
 * Registers `cleanup` to run if SIGINT (Ctrl-C), SIGTERM or SIGHUP arrives before the returned
 * release is called. Signals are only watched while some cleanup is registered. On a signal every
 * cleanup runs, then — unless the program listens to that signal itself — the signal is raised
 * again, so the process ends exactly as it would have (exit status 128 + the signal's number).
 */
export function onInterrupt(cleanup: InterruptCleanup): () => void {
  if (cleanups.size === 0 && interrupted === undefined) for (const signal of signals) process.on(signal, handle)
  cleanups.add(cleanup)
  return () => {
    cleanups.delete(cleanup)
    if (cleanups.size === 0 && interrupted === undefined) for (const signal of signals) process.off(signal, handle)
  }
}

/** The signal being handled, once one arrived: work in flight should stop rather than commit. */
export function interruptedBy(): NodeJS.Signals | undefined {
  return interrupted
}

function handle(signal: NodeJS.Signals): void {
  interrupted = signal
  // A second Ctrl-C while cleaning up gets the default behaviour: the user means it.
  for (const each of signals) process.off(each, handle)
  const pending = [...cleanups]
  cleanups.clear()
  void Promise.allSettled(pending.map(async (cleanup) => cleanup())).then(() => {
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    // The program handles the signal itself and lives on: guard the work it starts next.
    else interrupted = undefined
  })
}
