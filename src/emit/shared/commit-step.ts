/**
 * The environment variable that stops a build dead (SIGKILL, no cleanup) just before the k-th
 * step of its output commit (1-based: each rename, then each removal of the previous build's
 * files). It exists so that a test can stop a real build at every point between two steps and
 * find a complete output each time; nothing else sets it.
 */
export const KILL_AT_COMMIT_STEP = 'TOOLCAT_KILL_AT_COMMIT_STEP'

let steps = 0

/** Marks the start of one commit step, obeying `KILL_AT_COMMIT_STEP`. */
export function commitStep(): void {
  const at = process.env[KILL_AT_COMMIT_STEP]
  if (at === undefined) return
  steps++
  if (steps === Number(at)) process.kill(process.pid, 'SIGKILL')
}
