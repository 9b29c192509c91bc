import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'

/** The environment variable holding the build cache's secret (for jobs that share a cache, e.g. CI). */
export const CACHE_SECRET_ENV = 'TOOLCAT_CACHE_SECRET'

/**
 * Where the secret is kept when the environment gives none: the user's own configuration folder
 * (`$XDG_CONFIG_HOME/toolcat`, else `~/.config/toolcat`), never a cache folder, which may be shared
 * or restored from a less trusted job.
 */
export function cacheSecretFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : path.join(homedir(), '.config')
  return path.join(base, 'toolcat', 'cache-secret')
}

let known: Buffer | null | undefined

/**
 * The key every cache file is authenticated with: `TOOLCAT_CACHE_SECRET`, else the key file (32
 * random bytes made on first use, readable by its owner only, created in one step so that racing
 * builds agree on it). Null when neither can be had: the cache is then neither read nor written.
 */
export function cacheSecret(): Buffer | null {
  if (known !== undefined) return known
  const fromEnv = process.env[CACHE_SECRET_ENV]
  if (fromEnv !== undefined && fromEnv !== '') return (known = Buffer.from(fromEnv, 'utf8'))
  const file = cacheSecretFile()
  known = readSecret(file) ?? createSecret(file)
  return known
}

function readSecret(file: string): Buffer | null {
  try {
    const secret = readFileSync(file)
    return secret.length >= 32 ? secret : null
  } catch {
    return null
  }
}

/** Writes a fresh key beside its place and links it in: whoever links first wins, the others read theirs. */
function createSecret(file: string): Buffer | null {
  const temporary = `${file}.${process.pid}.tmp`
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    writeFileSync(temporary, randomBytes(32), { mode: 0o600 })
    linkSync(temporary, file)
  } catch {
    // Another build made it first, or the folder cannot be written.
  } finally {
    rmSync(temporary, { force: true })
  }
  return readSecret(file)
}
