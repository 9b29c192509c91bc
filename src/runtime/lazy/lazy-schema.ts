import type { JsonSchema } from '../types.js'
import type { LazyToolEntry, LazyToolIndexEntry } from './types.js'

/** Reads an entry's parameter schema, parsing index JSON text once, on the first read. */
export function lazySchema(entry: LazyToolEntry | LazyToolIndexEntry): () => JsonSchema {
  if (!('parameters' in entry)) {
    const { parameters } = entry.definition
    return () => parameters
  }
  const text = entry.parameters
  let parsed: JsonSchema | undefined
  return () => (parsed ??= JSON.parse(text) as JsonSchema)
}
