import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

// What a build killed before it could clean up leaves behind: staging folders, temporary files.
// Their names carry the writing process's id, so the next build removes those whose process is gone.

const STAGING = '.toolcat-staging-'
const TEMPORARY = /^(.+)\.(\d+)\.\d+\.tmp$/

/** The prefix of this process's staging folders (`mkdtemp` adds the rest). */
export function stagingPrefix(): string {
  return `${STAGING}${process.pid}-`
}

/** The temporary sibling the `index`-th file of a batch is written to before its rename to `target`. */
export function temporaryName(target: string, index: number): string {
  return `${target}.${process.pid}.${index}.tmp`
}

/**
 * Removes from `folder` the staging folders of processes that are gone, and the temporaries they
 * left of the files named in `targets` (the files the caller is about to write there): nothing
 * else, so a user's `notes.1.2.tmp` beside them stays.
 */
export function sweepLeftovers(folder: string, targets: ReadonlySet<string> = new Set()): void {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return // no folder yet, nothing left in it
  }
  for (const name of names) {
    if (name.startsWith(STAGING)) {
      // Named `<prefix><pid>-XXXXXX` (or, from older builds, `<prefix>XXXXXX`, whose process is long gone).
      const pid = /^(\d+)-/.exec(name.slice(STAGING.length))?.[1]
      if (pid === undefined || !isRunning(Number(pid))) rmSync(path.join(folder, name), { recursive: true, force: true, maxRetries: 3 })
      continue
    }
    const temporary = TEMPORARY.exec(name)
    if (temporary !== null && targets.has(temporary[1] as string) && !isRunning(Number(temporary[2]))) rmSync(path.join(folder, name), { force: true })
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // alive, someone else's
  }
}
