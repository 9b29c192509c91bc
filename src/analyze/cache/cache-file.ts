import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { cacheSecret } from './cache-secret.js'

/** The first line of every toolcat cache file: what it is, so that anything else is recognised as foreign. */
const format = 'toolcat-build-cache 2'
/** The first line of cache files of earlier toolcat releases, whose entries carry no authentication: replaced silently. */
const earlierFormat = /^toolcat-build-cache \d+$/

/** A cache file's content, or why none can be used: `absent` silently, `ignored` with a one-line reason. */
export type CacheRead<T> = { readonly body: T } | { readonly absent: true } | { readonly ignored: string }

/** A content hash of text (hex), what the cache compares files by. */
export function contentHash(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex')
}

/** The content hash of a file, or undefined when it cannot be read (gone, a folder). */
export function fileHash(file: string): string | undefined {
  try {
    return contentHash(readFileSync(file))
  } catch {
    return undefined
  }
}

/**
 * The authentication of a cache file's body: an HMAC-SHA-256 with the key kept outside every cache
 * folder (`cacheSecret`), over the file's name and its body, so that whoever can write the cache
 * folder but not read that key can neither forge an entry nor move one to another file.
 */
function authentication(secret: Buffer, file: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${path.basename(file)}\0${body}`).digest()
}

/**
 * Reads a cache file written by `writeCacheFile`: its format line, then the body's authentication
 * (hex), then the body as JSON. A file that is cut short, edited, forged, moved from another
 * name or not a toolcat cache fails those checks and is ignored (never trusted); `valid` then
 * checks the body's shape. Without a key, no cache is read.
 */
export function readCacheFile<T>(file: string, valid: (body: unknown) => body is T): CacheRead<T> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return { absent: true }
  }
  const secret = cacheSecret()
  if (secret === null) return { absent: true }
  const [first, checksum = '', ...rest] = text.split('\n')
  if (first !== format) return first !== undefined && earlierFormat.test(first) ? { absent: true } : { ignored: 'not a toolcat build cache' }
  const body = rest.join('\n')
  const expected = authentication(secret, file, body)
  const given = Buffer.from(checksum, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ignored: 'its authentication does not match (corrupt, edited, or written with another key)' }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { ignored: 'it is not valid JSON' }
  }
  return valid(parsed) ? { body: parsed } : { ignored: 'its content has an unknown shape' }
}

/** Writes a cache file atomically (a temporary file renamed over it), authenticated; a failure to write (or no key) only leaves no cache. */
export function writeCacheFile(file: string, body: unknown): void {
  const secret = cacheSecret()
  if (secret === null) return
  const text = JSON.stringify(body)
  const temporary = `${file}.${process.pid}.tmp`
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(temporary, `${format}\n${authentication(secret, file, text).toString('hex')}\n${text}`)
    renameSync(temporary, file)
  } catch {
    rmSync(temporary, { force: true })
  }
}

/** The cache file of one build: named by what identifies the build (root, tools, outputs), in the cache folder. */
export function cacheFileOf(dir: string, kind: string, identity: unknown): string {
  return path.join(dir, `${kind}-${contentHash(JSON.stringify(identity)).slice(0, 16)}.json`)
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An array of strings. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
