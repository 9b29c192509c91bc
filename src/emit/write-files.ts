import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** One file to write: absolute (or cwd-relative) path and its full contents. */
export interface FileToWrite {
  readonly path: string
  readonly contents: string
}

/**
 * Writes every file to a temporary sibling first and renames them into place only when all were
 * written, so a failure leaves the previous files intact (and no temporary file behind).
 */
export function writeFilesAtomically(files: readonly FileToWrite[]): void {
  const staged: { temp: string; target: string }[] = []
  try {
    for (const file of files) {
      const target = path.resolve(file.path)
      mkdirSync(path.dirname(target), { recursive: true })
      const temp = `${target}.${process.pid}.${staged.length}.tmp`
      staged.push({ temp, target })
      writeFileSync(temp, file.contents)
    }
    for (const { temp, target } of staged) renameSync(temp, target)
  } catch (error) {
    // Temporaries already renamed no longer exist, so this only clears what was left behind.
    for (const { temp } of staged) rmSync(temp, { force: true })
    throw error
  }
}
