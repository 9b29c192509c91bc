import path from 'node:path'
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { cacheFileOf, contentHash, fileHash, isRecord, readCacheFile, writeCacheFile, type CacheRead } from '../analyze/cache/cache-file.js'
import { toolcatBuild } from '../analyze/package-info.js'
import { currentLink, fileContentHash, isGenerationName } from '../emit/out-dir/generation.js'
import { linksRefused } from '../emit/out-dir/out-dir-layout.js'
import type { ValidatorMemo } from '../emit/validators/validator-memo.js'
import { validatorMemoStore } from './validator-memo-store.js'

/** What the last `--outDir` build wrote, and from what. */
interface OutputRecord {
  /** The catalog's text, the validator mode and toolcat's version, hashed. */
  readonly key: string
  /** Content hashes of the source files the compiler read, by absolute path. */
  readonly inputs: Readonly<Record<string, string>>
  /**
   * The content hash (`fileContentHash`) of each file written, by path relative to the output
   * folder: a file edited since, even with its size and modification time kept, no longer matches.
   */
  readonly files: Readonly<Record<string, string>>
  /** The content hash of each compiled module written, by path relative to the output folder (see `OutDirWrite.hashes`). */
  readonly hashes?: Readonly<Record<string, string>>
}

function isOutputRecord(value: unknown): value is OutputRecord {
  const hashes = (record: unknown): boolean => isRecord(record) && Object.values(record).every((hash) => typeof hash === 'string')
  return isRecord(value) && typeof value.key === 'string' && hashes(value.inputs) && hashes(value.files) && (value.hashes === undefined || hashes(value.hashes))
}

/** One output folder's record in a build cache: whether a build would write what is there already, and noting what one wrote. */
export interface OutputCache {
  /** True when the output folder holds exactly what this build would write: same catalog, same inputs, every file's content as written. */
  unchanged(): boolean
  /** The validator code the last build generated, for this one to take rather than generate again. */
  memo(): ValidatorMemo
  /**
   * The compiled modules the last build wrote, by path relative to the output folder, with their
   * content hash as written: what a rebuild may carry over rather than write again, once the file
   * on disk is found to hold that content still (see `GenerationWriter`).
   */
  intact(): Map<string, string>
  /** Records what a build wrote (`files` relative to the output folder, `inputs` absolute, `hashes` of the compiled modules) and the validator code it used. */
  record(files: readonly string[], inputs: readonly string[], memo: ValidatorMemo, hashes: Readonly<Record<string, string>>): void
}

/** The record of `outDir` in the cache folder `dir`, for a build of `catalogText` with `validators`. */
export function outputCache(dir: string, outDir: string, catalogText: string, validators: string): OutputCache {
  const file = cacheFileOf(dir, 'output', outDir)
  const store = validatorMemoStore(dir, outDir)
  const key = contentHash(JSON.stringify([toolcatBuild(), validators, catalogText]))
  // Read once: `unchanged` and, when the output did change, `intact` both need it.
  let read: CacheRead<OutputRecord> | undefined
  const last = (): OutputRecord | undefined => {
    read ??= readCacheFile(file, isOutputRecord)
    return 'body' in read ? read.body : undefined
  }
  return {
    unchanged() {
      const body = last()
      if (body?.key !== key) return false
      const { inputs, files } = body
      return (
        Object.keys(files).length > 0 &&
        Object.entries(inputs).every(([input, hash]) => fileHash(input) === hash) &&
        Object.entries(files).every(([name, hash]) => hashOf(path.resolve(outDir, name)) === hash) &&
        // A build killed after its commit leaves the previous generation: the next build removes it.
        onlyGenerationsOf(outDir, files) &&
        // A folder a package has started to publish since is written again, without symlinks.
        !(files[currentLink] !== undefined && linksRefused(outDir) !== undefined)
      )
    },
    memo: () => store.load(),
    intact() {
      const { files = {}, hashes = {} } = last() ?? {}
      const intact = new Map<string, string>()
      for (const [name, hash] of Object.entries(hashes)) if (files[name] !== undefined) intact.set(name, hash)
      return intact
    },
    record(files, inputs, memo, hashes) {
      store.save(memo)
      const inputHashes = Object.fromEntries(inputs.map((input) => [input, fileHash(input) ?? '']))
      writeCacheFile(file, { key, inputs: inputHashes, files: Object.fromEntries(files.map((name) => [name, hashOf(path.resolve(outDir, name))])), hashes })
    },
  }
}

/** Whether every generation folder in `outDir` is one the record's `files` are in. */
function onlyGenerationsOf(outDir: string, files: Readonly<Record<string, string>>): boolean {
  const recorded = new Set(Object.keys(files).map((name) => name.split('/')[0] as string))
  try {
    return readdirSync(outDir).every((name) => !isGenerationName(name) || recorded.has(name))
  } catch {
    return false
  }
}

/**
 * A regular file's content hash, a symlink's target (`link:` and the path, as the output folder's
 * `.toolcat-current` and catalog.json are), or '' when it is gone or neither: what `unchanged`
 * compares an output file by.
 */
function hashOf(file: string): string {
  try {
    const stat = lstatSync(file)
    if (stat.isSymbolicLink()) return `link:${readlinkSync(file)}`
    return stat.isFile() ? fileContentHash(readFileSync(file)) : ''
  } catch {
    return ''
  }
}
