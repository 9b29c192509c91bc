import { canonicalJson } from '../../analyze/hash.js'
import type { JsonSchema } from '../../runtime/types.js'
import { isSchemaObject } from '../schema/json-schema.js'
import type { CompareAt } from './schema-pair.js'
import type { SchemaChange } from './types.js'

/** Compares array `items` (one schema, or a tuple compared position by position). */
export function compareItems(walk: CompareAt, old: JsonSchema, next: JsonSchema, path: string): SchemaChange[] {
  const { items: oldItems } = old
  const { items: nextItems } = next
  if (isSchemaObject(oldItems) && isSchemaObject(nextItems)) return walk(oldItems, nextItems, `${path}[]`)
  if (Array.isArray(oldItems) && Array.isArray(nextItems)) {
    return oldItems.flatMap((item, index) => {
      const counterpart: unknown = nextItems[index]
      return isSchemaObject(item) && isSchemaObject(counterpart) ? walk(item, counterpart, `${path}[${index}]`) : []
    })
  }
  if (oldItems === undefined && nextItems !== undefined) return [{ path: `${path}[]`, kind: 'items-constrained', effect: 'narrows', message: 'array items now constrained' }]
  if (oldItems !== undefined && nextItems === undefined) return [{ path: `${path}[]`, kind: 'items-unconstrained', effect: 'widens', message: 'array items no longer constrained' }]
  return []
}

/**
 * Compares `anyOf`/`oneOf` branches: identical branches pair up first; the rest pair in order when
 * both sides have as many, else each unmatched branch is a removed or added alternative.
 */
export function compareVariants(walk: CompareAt, old: JsonSchema, next: JsonSchema, path: string): SchemaChange[] {
  const oldBranches = branchesOf(old)
  const nextBranches = branchesOf(next)
  if (!oldBranches && !nextBranches) return []
  if (!oldBranches) return [{ path, kind: 'variants-added', effect: 'narrows', message: 'value restricted to a union' }]
  if (!nextBranches) return [{ path, kind: 'variants-removed', effect: 'widens', message: 'union restriction removed' }]
  const nextKeys = nextBranches.map((branch) => canonicalJson(branch))
  const oldKeys = oldBranches.map((branch) => canonicalJson(branch))
  const oldLeft = oldBranches.filter((_, index) => !nextKeys.includes(oldKeys[index] ?? ''))
  const nextLeft = nextBranches.filter((_, index) => !oldKeys.includes(nextKeys[index] ?? ''))
  if (oldLeft.length === nextLeft.length) {
    return oldLeft.flatMap((branch, index) => walk(branch, nextLeft[index] ?? {}, `${path}.anyOf[${oldBranches.indexOf(branch)}]`))
  }
  return [
    ...oldLeft.map((): SchemaChange => ({ path, kind: 'variant-removed', effect: 'narrows', message: 'union alternative removed' })),
    ...nextLeft.map((): SchemaChange => ({ path, kind: 'variant-added', effect: 'widens', message: 'union alternative added' })),
  ]
}

function branchesOf(schema: JsonSchema): JsonSchema[] | undefined {
  const list = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  return list?.filter(isSchemaObject)
}
