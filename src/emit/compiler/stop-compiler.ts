import { readdirSync, readFileSync } from 'node:fs'
import { loadedCompiler } from './load-compiler.js'

/** How long to wait for esbuild's service process to be gone, at most. */
const EXIT_WAIT_MS = 2000

/**
 * Ends esbuild's service process and waits until it is gone: an interrupted or finished
 * `toolcat build` should leave no process behind (the service outlives the call otherwise, with
 * CPU time that nobody then accounts for). esbuild sends the process SIGTERM
 * without waiting for it; where `/proc` lists this process's children (Linux), this waits until
 * Node has reaped them, else a tenth of a second, in which a Go process exits on SIGTERM.
 */
export async function stopCompiler(): Promise<void> {
  const compiler = await loadedCompiler()
  if (compiler === undefined) return
  const before = compilerChildren()
  await compiler.stop()
  if (before === undefined) {
    await delay(100)
    return
  }
  const deadline = Date.now() + EXIT_WAIT_MS
  while (before.some(isAlive) && Date.now() < deadline) await delay(5)
}

/** The esbuild processes among this process's children, or undefined where `/proc` does not say. */
function compilerChildren(): string[] | undefined {
  try {
    const tasks = readdirSync(`/proc/${process.pid}/task`)
    const children = tasks.flatMap((task) => readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter((pid) => pid !== ''))
    return children.filter((pid) => commandOf(pid) === 'esbuild')
  } catch {
    return undefined
  }
}

/** Whether a process is still there, a zombie not yet reaped included. */
function isAlive(pid: string): boolean {
  return commandOf(pid) !== undefined
}

function commandOf(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return undefined
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
