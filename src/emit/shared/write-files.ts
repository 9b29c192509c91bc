import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { commitStep } from './commit-step.js'
import { stagingPrefix, sweepLeftovers, temporaryName } from './leftovers.js'
import { interruptedBy, onInterrupt } from './interrupt.js'

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
  const batch = new WriteBatch()
  try {
    batch.write(files)
    batch.commit()
  } catch (error) {
    batch.abort()
    throw error
  }
}

/**
 * Files that replace their targets all together or not at all. Each is first written beside its
 * target (by `write`, or by another writer into a `stagingFolder` and then `adopt`ed), and only
 * `commit` renames them into place; `abort` removes whatever was written. Renames never cross a
 * file system, since temporaries live in the target's folder.
 */
export class WriteBatch {
  readonly #pending: { temp: string; target: string }[] = []
  readonly #folders: string[] = []
  /** The top-most folders this batch created: on abort they go too, as they held nothing before. */
  readonly #created: string[] = []
  /** Set while the batch has something on disk: a SIGINT or SIGTERM then aborts it before the process ends. */
  #release: (() => void) | undefined

  /** Writes each file to a temporary sibling of its target. */
  write(files: readonly FileToWrite[]): void {
    this.#guard()
    // What killed builds left of these very files goes first.
    const byFolder = new Map<string, Set<string>>()
    for (const file of files) {
      const target = path.resolve(file.path)
      byFolder.set(path.dirname(target), (byFolder.get(path.dirname(target)) ?? new Set()).add(path.basename(target)))
    }
    for (const [folder, names] of byFolder) sweepLeftovers(folder, names)
    for (const file of files) {
      const target = path.resolve(file.path)
      this.#mkdir(path.dirname(target))
      const temp = temporaryName(target, this.#pending.length)
      this.#pending.push({ temp, target })
      writeFileSync(temp, file.contents)
    }
  }

  /** Makes a symlink beside `target` leading to `to` (relative to the link's folder), to replace `target` on commit. */
  link(target: string, to: string): void {
    this.#guard()
    const absolute = path.resolve(target)
    sweepLeftovers(path.dirname(absolute), new Set([path.basename(absolute)]))
    this.#mkdir(path.dirname(absolute))
    const temp = temporaryName(absolute, this.#pending.length)
    this.#pending.push({ temp, target: absolute })
    symlinkSync(to, temp)
  }

  /** Creates an empty folder inside `folder` (created if missing) for another writer to fill; staging folders killed builds left there go. */
  stagingFolder(folder: string): string {
    this.#guard()
    this.#mkdir(folder)
    sweepLeftovers(folder)
    const staging = mkdtempSync(path.join(folder, stagingPrefix()))
    this.#folders.push(staging)
    return staging
  }

  /** Takes a file or folder already written at `temp` (in a staging folder) to be renamed to `target` on commit. */
  adopt(temp: string, target: string): void {
    this.#pending.push({ temp, target: path.resolve(target) })
  }

  /**
   * Renames every written file into place, in the order they were written or adopted unless
   * `rank` orders them (lowest first, ties in that order), then removes the staging folders.
   */
  commit(rank?: (target: string) => number): void {
    // A signal arrived while the batch was being filled: its cleanup owns the files now.
    const signal = interruptedBy()
    if (signal !== undefined) throw new Error(`interrupted by ${signal}`)
    // Distinct folders only: a thousand tool modules share one, and each mkdir is a system call.
    for (const folder of new Set(this.#pending.map(({ target }) => path.dirname(target)))) mkdirSync(folder, { recursive: true })
    const order = rank === undefined ? this.#pending : [...this.#pending].sort((a, b) => rank(a.target) - rank(b.target))
    for (const { temp, target } of order) {
      commitStep()
      renameSync(temp, target)
    }
    this.#pending.length = 0
    this.#created.length = 0
    this.#removeFolders()
    this.#unguard()
  }

  /** Removes every temporary file and staging folder left; the targets keep their previous contents. */
  abort(): void {
    // Temporaries already renamed no longer exist, so this only clears what was left behind.
    for (const { temp } of this.#pending) rmSync(temp, { force: true, recursive: true }) // an adopted folder too
    this.#pending.length = 0
    this.#removeFolders()
    for (const folder of this.#created.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
    this.#unguard()
  }

  #guard(): void {
    this.#release ??= onInterrupt(() => this.abort())
  }

  #unguard(): void {
    this.#release?.()
    this.#release = undefined
  }

  #mkdir(folder: string): void {
    const created = mkdirSync(folder, { recursive: true })
    if (created !== undefined) this.#created.push(created)
  }

  #removeFolders(): void {
    // Retried: a compiler interrupted mid-write may still be adding a file to a staging folder.
    for (const folder of this.#folders.splice(0)) rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
  }
}
