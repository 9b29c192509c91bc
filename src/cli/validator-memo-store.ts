import { cacheFileOf, contentHash, isRecord, isStringArray, readCacheFile, writeCacheFile } from '../analyze/cache/cache-file.js'
import { toolcatBuild } from '../analyze/package-info.js'
import { ValidatorMemo, type GeneratedModule } from '../emit/validators/validator-memo.js'

/**
 * The validator code of one output folder is kept in this many files, by a hash of each module's
 * key: a rebuild after one edit rewrites the one or two files whose modules changed, not the
 * megabytes of all of them.
 */
const shardCount = 64

interface Shard {
  readonly key: string
  readonly modules: Readonly<Record<string, GeneratedModule>>
}

function isShard(value: unknown): value is Shard {
  if (!isRecord(value) || typeof value.key !== 'string' || !isRecord(value.modules)) return false
  return Object.values(value.modules).every((module) => isRecord(module) && typeof module.code === 'string' && isStringArray(module.helpers) && isStringArray(module.subschemas))
}

/** The validator code cached for one output folder: loaded into a memo, and saved from what a build used. */
export interface ValidatorMemoStore {
  load(): ValidatorMemo
  /** Writes the shards whose modules differ from those loaded. */
  save(memo: ValidatorMemo): void
}

/** The store of `outDir`'s validator code in the cache folder `dir`; entries of another toolcat version are not read. */
export function validatorMemoStore(dir: string, outDir: string): ValidatorMemoStore {
  const fileOf = (shard: number): string => cacheFileOf(dir, `validators-${shard}`, outDir)
  const loaded: string[][] = []
  const shardOf = (key: string): number => Number.parseInt(contentHash(key).slice(0, 4), 16) % shardCount
  return {
    load() {
      const known: Record<string, GeneratedModule> = {}
      for (let shard = 0; shard < shardCount; shard++) {
        const read = readCacheFile(fileOf(shard), isShard)
        const modules = 'body' in read && read.body.key === toolcatBuild() ? read.body.modules : {}
        loaded[shard] = Object.keys(modules).sort()
        Object.assign(known, modules)
      }
      return new ValidatorMemo(known)
    },
    save(memo) {
      const shards = Array.from({ length: shardCount }, (): Record<string, GeneratedModule> => ({}))
      for (const [key, module] of Object.entries(memo.used())) (shards[shardOf(key)] as Record<string, GeneratedModule>)[key] = module
      shards.forEach((modules, shard) => {
        // A module's code is a function of its key, so the same keys mean the same shard.
        if (Object.keys(modules).sort().join('\u0000') === (loaded[shard] ?? []).join('\u0000')) return
        writeCacheFile(fileOf(shard), { key: toolcatBuild(), modules })
      })
    },
  }
}
