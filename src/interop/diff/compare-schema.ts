import type { JsonSchema } from '../../runtime/types.js'
import { compareItems, compareVariants } from './compare-collections.js'
import { compareKeywords } from './compare-keywords.js'
import { compareObject } from './compare-object.js'
import { schemaPairWalker, type CompareAt } from './schema-pair.js'
import type { SchemaChange } from './types.js'

/** Every change between two versions of one schema (each with its own `$defs`), located by data path. */
export function compareSchemas(old: JsonSchema, next: JsonSchema, path: string): SchemaChange[] {
  const walk = schemaPairWalker(old, next, (self: CompareAt): CompareAt => (a, b, at) => [
    ...compareKeywords(a, b, at),
    ...compareObject(self, a, b, at),
    ...compareItems(self, a, b, at),
    ...compareVariants(self, a, b, at),
  ])
  return walk(old, next, path)
}
