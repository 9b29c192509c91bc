import { createHash } from 'node:crypto'
import type { CatalogTool } from '../runtime/catalog.js'

/**
 * Content hashes of catalog entries (T11). One implementation, shared by the analyzer that writes
 * the hashes and by `toolcat verify` that checks them, so both always agree on the bytes hashed.
 */

/**
 * JSON text of a value with object keys sorted recursively and no whitespace: what every hash
 * covers. Written from each object's own keys, so every key counts, `__proto__` included (a sorted
 * copy built by assignment would turn that key into the copy's prototype and hash it away). Values
 * are written as `JSON.stringify` writes them, so the text is the same for every other object.
 */
export function canonicalJson(value: unknown): string {
  return canonical(value) ?? 'null'
}

/** `sha256-` followed by the base64url SHA-256 digest of the value's canonical JSON. */
export function hashOf(value: unknown): string {
  return `sha256-${createHash('sha256').update(canonicalJson(value)).digest('base64url')}`
}

/** The hash of one catalog entry: its canonical JSON without the `hash` field itself. */
export function hashEntry(entry: Omit<CatalogTool, 'hash'> & { readonly hash?: string }): string {
  const { hash: _ignored, ...content } = entry
  return hashOf(content)
}

/** The catalog-level hash: over the entries' hashes, in catalog order. */
export function hashCatalog(tools: readonly Pick<CatalogTool, 'hash'>[]): string {
  return hashOf(tools.map((tool) => tool.hash))
}

function canonical(value: unknown): string | undefined {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item) ?? 'null').join(',')}]`
  if (value === null || typeof value !== 'object') return JSON.stringify(value) as string | undefined
  const members: string[] = []
  for (const key of Object.keys(value).sort()) {
    const text = canonical((value as Record<string, unknown>)[key])
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${members.join(',')}}`
}
