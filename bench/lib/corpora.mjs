/** Generates each corpus size at most once per bench run. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { corpusDir, generateCorpus } from '../corpus/generate.mjs'

const ready = new Set()

/** Returns the folder of a freshly generated corpus of `n` tools. */
export function corpus(n, log) {
  const dir = corpusDir(n)
  if (!ready.has(n) || !existsSync(join(dir, 'tsconfig.json'))) {
    generateCorpus(dir, n)
    ready.add(n)
    log(`corpus: ${n} tools in bench/.corpus/${n}`)
  }
  return dir
}
