import type { JsonSchema } from '../../runtime/types.js'
import { derefSchema } from '../schema/json-schema.js'
import type { SchemaChange } from './types.js'

/** Compares two subschemas found at the same data path. */
export type CompareAt = (old: JsonSchema, next: JsonSchema, path: string) => SchemaChange[]

/**
 * Walks two schemas side by side, `$ref`s resolved against each side's own root. A pair of
 * subschemas already being compared is skipped, so recursive definitions terminate.
 */
export function schemaPairWalker(oldRoot: JsonSchema, nextRoot: JsonSchema, compareNode: (walk: CompareAt) => CompareAt): CompareAt {
  const seen = new Map<JsonSchema, Set<JsonSchema>>()
  const walk: CompareAt = (oldRaw, nextRaw, path) => {
    const old = derefSchema(oldRoot, oldRaw)
    const next = derefSchema(nextRoot, nextRaw)
    const partners = seen.get(old) ?? new Set<JsonSchema>()
    if (partners.has(next)) return []
    seen.set(old, partners.add(next))
    return compareNode(walk)(old, next, path)
  }
  return walk
}
