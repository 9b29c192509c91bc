import { createHash } from 'node:crypto'
import type { CatalogTool } from '../runtime/catalog.js'

/**
 * Content hashes of catalog entries (T11). One implementation, shared by the analyzer that writes
 * the hashes and by `toolcat verify` that checks them, so both always agree on the bytes hashed.
 */

/** JSON text of a value with object keys sorted recursively and no whitespace: what every hash covers. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
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

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}
