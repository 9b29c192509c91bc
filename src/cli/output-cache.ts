import path from 'node:path'
import { cacheFileOf, contentHash, fileHash, isRecord, isStringArray, readCacheFile, writeCacheFile } from '../analyze/cache/cache-file.js'
import { toolcatVersion } from '../analyze/package-info.js'
import { ValidatorMemo, type GeneratedModule } from '../emit/validator-memo.js'

/** What the last `--outDir` build wrote, and from what. */
interface OutputRecord {
  /** The catalog's text, the validator mode and toolcat's version, hashed. */
  readonly key: string
  /** Content hashes of the source files the compiler read, by absolute path. */
  readonly inputs: Readonly<Record<string, string>>
  /** Content hashes of the files written, by path relative to the output folder. */
  readonly files: Readonly<Record<string, string>>
}

function isOutputRecord(value: unknown): value is OutputRecord {
  const hashes = (record: unknown): boolean => isRecord(record) && Object.values(record).every((hash) => typeof hash === 'string')
  return isRecord(value) && typeof value.key === 'string' && hashes(value.inputs) && hashes(value.files)
}

function isMemo(value: unknown): value is { readonly key: string; readonly modules: Record<string, GeneratedModule> } {
  if (!isRecord(value) || typeof value.key !== 'string' || !isRecord(value.modules)) return false
  return Object.values(value.modules).every((module) => isRecord(module) && typeof module.code === 'string' && isStringArray(module.helpers) && isStringArray(module.subschemas))
}

/** One output folder's record in a build cache: whether a build would write what is there already, and noting what one wrote. */
export interface OutputCache {
  /** True when the output folder holds exactly what this build would write: same catalog, same inputs, every file intact. */
  unchanged(): boolean
  /** The validator code the last build generated, for this one to take rather than generate again. */
  memo(): ValidatorMemo
  /** Records what a build wrote (`files` relative to the output folder, `inputs` absolute) and the validator code it used. */
  record(files: readonly string[], inputs: readonly string[], memo: ValidatorMemo): void
}

/** The record of `outDir` in the cache folder `dir`, for a build of `catalogText` with `validators`. */
export function outputCache(dir: string, outDir: string, catalogText: string, validators: string): OutputCache {
  const file = cacheFileOf(dir, 'output', outDir)
  const memoFile = cacheFileOf(dir, 'validators', outDir)
  const key = contentHash(JSON.stringify([toolcatVersion(), validators, catalogText]))
  return {
    unchanged() {
      const read = readCacheFile(file, isOutputRecord)
      if (!('body' in read) || read.body.key !== key) return false
      const same = (hashes: Readonly<Record<string, string>>, base: string): boolean =>
        Object.entries(hashes).every(([name, hash]) => fileHash(path.resolve(base, name)) === hash)
      return Object.keys(read.body.files).length > 0 && same(read.body.inputs, outDir) && same(read.body.files, outDir)
    },
    memo() {
      const read = readCacheFile(memoFile, isMemo)
      return new ValidatorMemo('body' in read && read.body.key === toolcatVersion() ? read.body.modules : {})
    },
    record(files, inputs, memo) {
      const hashes = (names: readonly string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, fileHash(path.resolve(outDir, name)) ?? '']))
      writeCacheFile(memoFile, { key: toolcatVersion(), modules: memo.used() })
      writeCacheFile(file, { key, inputs: hashes(inputs), files: hashes(files) })
    },
  }
}
