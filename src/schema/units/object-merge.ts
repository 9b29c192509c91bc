import type { JsonSchema } from '../../runtime/types.js'
import type { UnitContext } from '../context.js'
import type { Ir } from '../ir.js'
import type { TypeView } from '../view.js'

const objectKinds = new Set(['object', 'class'])
/** Keywords an object schema may carry to be merged here; any other (a pattern, a union) leaves the key to `allOf`. */
const mergeable = new Set(['type', 'properties', 'required', 'additionalProperties', 'description', 'title', 'deprecated'])
/** More combinations than this of the key's union members: left to `allOf`. */
const MAX_COMBINATIONS = 16

/**
 * A key one intersection member declares as an object type where another member's index signature
 * holds an object type too (`{ k: Record<string, null> } & { [key: string]: { b: string | null } }`):
 * TypeScript intersects them into one object taking the keys of both, which an `allOf` of the
 * closed object schemas refuses. The schema is their merge, distributed over unions (an object and
 * `null` holds nothing), sharing a key with the declared types where they are a weak type. `types`
 * are the declaring members' types, then (from `declared` on) the index signatures'; undefined
 * where no object meets another from an index signature, or where a part is not a plain object
 * schema (left to `allOf`).
 */
export function mergedObjectKey<N>(types: readonly TypeView<N>[], declared: number, context: UnitContext<N>, name: string): Ir<N> | undefined {
  const alternatives = types.map(nonUndefinedMembers)
  if (!alternatives.slice(0, declared).flat().some(isObject) || !alternatives.slice(declared).flat().some(isObject)) return undefined
  return mergedCombinations(alternatives, declared, context, name)
}

/**
 * The keys no member declares, where several members' index signatures hold object types
 * (`{ [key: string]: { a?: string } } & { [key: string]: { id: string } }`): each such key holds
 * the intersection of those types, one object taking the keys of all, which an `allOf` of the
 * closed object schemas refuses. No weak-type check applies (TypeScript relates a value to an index
 * signature's type with it off). Undefined where fewer than two hold an object type, or where a
 * part is not a plain object schema (left to `allOf`).
 */
export function mergedIndexSignatures<N>(types: readonly TypeView<N>[], context: UnitContext<N>): Ir<N> | undefined {
  const alternatives = types.map(nonUndefinedMembers)
  if (alternatives.filter((list) => list.some(isObject)).length < 2) return undefined
  return mergedCombinations(alternatives, 0, context, '[string]')
}

const isObject = <N>(member: TypeView<N>): boolean => objectKinds.has(member.kind)
const nonUndefinedMembers = <N>(type: TypeView<N>): TypeView<N>[] => (type.kind === 'union' ? type.members() : [type]).filter((member) => member.kind !== 'undefined')

/** The merge of every combination of `alternatives` (one member of each), distributed: see `mergedObjectKey`. */
function mergedCombinations<N>(alternatives: readonly TypeView<N>[][], declared: number, context: UnitContext<N>, name: string): Ir<N> | undefined {
  if (!alternatives.flat().every((member) => isObject(member) || member.kind === 'null')) return undefined
  if (alternatives.reduce((count, list) => count * list.length, 1) > MAX_COMBINATIONS) return undefined
  let combinations: TypeView<N>[][] = [[]]
  for (const list of alternatives) combinations = combinations.flatMap((combination) => list.map((member) => [...combination, member]))
  const branches: JsonSchema[] = []
  for (const combination of combinations) {
    const nulls = combination.filter((member) => member.kind === 'null').length
    if (nulls === combination.length) branches.push({ type: 'null' })
    if (nulls > 0) continue
    const schemas = combination.map((member) => context.concrete(context.child(member, name)))
    if (!schemas.every((schema): schema is JsonSchema => schema !== undefined && schema['type'] === 'object' && Object.keys(schema).every((keyword) => mergeable.has(keyword)))) return undefined
    const weak = declared > 0 ? weakKeys(combination.slice(0, declared)) : undefined
    branches.push(weak === undefined ? mergeObjects(schemas) : { ...mergeObjects(schemas), not: sharingNoKeyOf(weak) })
  }
  return branches.length === 0 ? { not: {} } : branches.length === 1 ? branches[0] : { anyOf: branches }
}

/**
 * TypeScript also checks the value against the declared types alone, as one object type (its
 * index signatures are not part of it): where every one of them declares keys and asks for none
 * (`{ a: Partial<T> } & { [key: string]: U }`), that is a weak type, and a value with keys must
 * share one with it (`{ id: 'x' }` is no `Partial<{ name: string }>`, wherever else `id` is
 * declared). An index signature's type is not checked so (TypeScript relates the value to each
 * intersection member with that check off). The keys of that weak type, or undefined where there
 * is none.
 */
function weakKeys<N>(declaring: readonly TypeView<N>[]): string[] | undefined {
  if (declaring.some((member) => requiresKey(member) || member.properties().length === 0)) return undefined
  return [...new Set(declaring.flatMap((member) => member.properties().map((property) => property.name)))]
}

/** The objects with a key and none of `keys`: what a weak type of those keys refuses (as the `not` of a schema). */
function sharingNoKeyOf(keys: readonly string[]): JsonSchema {
  return { minProperties: 1, propertyNames: { not: { enum: keys } } }
}

/** Whether an object type asks something of every value: a required key, or an index signature (of a string or a pattern). */
export function requiresKey<N>(member: TypeView<N>): boolean {
  return member.indexType() !== undefined || member.patternIndexes().length > 0 || member.properties().some((property) => !property.optional)
}

/**
 * One object schema for a value of every one of `schemas`: each key holds what every schema
 * declaring it says, and each index signature's schema where its own object declares no such key;
 * required where any requires it; keys none declares hold every index signature's schema, and are
 * undeclared where none has one.
 */
function mergeObjects(schemas: readonly JsonSchema[]): JsonSchema {
  const names = [...new Set(schemas.flatMap((schema) => Object.keys((schema['properties'] ?? {}) as object)))]
  const indexes = schemas.map((schema) => schema['additionalProperties'])
  const properties = Object.fromEntries(
    names.map((name) => {
      const holds = schemas.flatMap((schema, index): unknown[] => {
        const own = (schema['properties'] as Record<string, unknown> | undefined)?.[name]
        if (own !== undefined) return [own]
        const extra = indexes[index]
        return typeof extra === 'object' && extra !== null ? [extra] : []
      })
      return [name, holds.length === 1 ? holds[0] : { allOf: holds }]
    }),
  )
  const required = [...new Set(schemas.flatMap((schema) => (schema['required'] ?? []) as string[]))]
  const open = indexes.filter((extra) => typeof extra === 'object' && extra !== null)
  const additional = open.length === 0 ? false : open.length === 1 ? open[0] : { allOf: open }
  return { type: 'object', ...(names.length > 0 && { properties }), ...(required.length > 0 && { required }), additionalProperties: additional }
}
