import { linkSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileContentHash } from './generation.js'
import type { CompiledOutput } from './tools/compile-tools.js'

/**
 * Puts a new generation's compiled files into its staging folder, each either hard-linked from the
 * previous generation, when a build cache's record (`intact`, by path relative to the output
 * folder) says it was written there with the same content hash and the file, read now, still has
 * that content — a size and a modification time prove nothing, and neither does the record alone —
 * or written.
 * A rebuild after one edit thus writes the few files that changed and links the thousands that
 * did not; the new generation is still a folder of its own, renamed in whole (a later change to
 * the previous generation's files is impossible: toolcat only ever removes them). Where a link
 * cannot be made (a file system without hard links, say) the file is written: same bytes.
 */
export class GenerationWriter {
  readonly #folder: string
  readonly #previous: string | undefined
  readonly #outDir: string
  readonly #intact: ReadonlyMap<string, string>
  readonly #folders = new Set<string>()
  /** The content hash of each file placed, by path relative to the generation folder. */
  readonly hashes = new Map<string, string>()
  /** How many files were carried over by a link rather than written. */
  linked = 0

  /**
   * A writer into `folder` (the new generation's staging folder); `previous` is the committed
   * generation of `outDir` (its folder's name), if any.
   */
  constructor(folder: string, outDir: string, previous: string | undefined, intact: ReadonlyMap<string, string> = new Map()) {
    this.#folder = folder
    this.#outDir = outDir
    this.#intact = intact
    this.#previous = intact.size === 0 ? undefined : previous
  }

  /** Places one compiled file (`path` relative to the generation folder). */
  place(file: CompiledOutput): void {
    const hash = fileContentHash(file.contents)
    this.hashes.set(file.path, hash)
    const target = path.join(this.#folder, file.path)
    // A thousand validators share one folder: create it once, not once a file.
    const parent = path.dirname(target)
    if (!this.#folders.has(parent)) mkdirSync(parent, { recursive: true })
    this.#folders.add(parent)
    if (this.#link(file.path, hash, target)) this.linked++
    else writeFileSync(target, file.contents)
  }

  #link(file: string, hash: string, target: string): boolean {
    if (this.#previous === undefined) return false
    const before = `${this.#previous}/${file}`
    if (this.#intact.get(before) !== hash) return false
    const source = path.join(this.#outDir, before)
    try {
      // A plain file holding the very bytes this build made: linking it is writing them.
      if (!lstatSync(source).isFile() || fileContentHash(readFileSync(source)) !== hash) return false
      linkSync(source, target)
      return true
    } catch {
      return false
    }
  }
}
