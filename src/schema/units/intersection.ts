import type { Unit, UnitContext } from '../context.js'
import type { Ir } from '../ir.js'
import type { TypeView } from '../view.js'
import { mergedIndexSignatures, mergedObjectKey, requiresKey } from './object-merge.js'
import { objectUnit } from './object.js'

const primitiveKinds = new Set(['string', 'number', 'boolean', 'literal', 'enum', 'templateLiteral'])
const objectKinds = new Set(['object', 'class', 'anyObject'])

/**
 * An intersection. With a primitive member it is a branded primitive (`string & { __brand: 'Id' }`):
 * the object part exists only at compile time, so the value is the primitive. Intersections of
 * object types are one object, since the checker already merges their properties; a member's index
 * signature also holds for the keys the other members declare, and for keys none declares (so
 * `{ [key: string]: string } & { flag: boolean }` admits no value, as TypeScript has it). Anything else needs every
 * member to hold (`allOf`).
 */
/** More combinations than this of a shared key's union members: left to `allOf`. */
const MAX_COMBINATIONS = 64

/**
 * A key several members declare, one as a primitive and another as an object type (`x: Box | null`
 * and `x?: 'ok'`), or that one declares as a primitive where another's index signature holds an
 * object type (`{ kind: 'a' } & { [key: string]: { note?: string } }`): TypeScript intersects the
 * types, distributing over unions, and each combination holding a primitive is that primitive
 * where the object types in it require no key, so `'ok' & { frame?: Frame }` is `'ok'`, and none
 * where one does (`'ok' & { kind: 'line' }`). The first `declared` of `types` are the declaring
 * members' types, the rest index signatures'. The schema is the union of the combinations;
 * undefined where no member mixes the two, or too many.
 */
function brandedKey<N>(types: readonly TypeView<N>[], declared: number, context: UnitContext<N>, name: string): Ir<N> | undefined {
  if (types.length < 2) return undefined
  const alternatives = types.map((type) => (type.kind === 'union' ? type.members() : [type]).filter((member) => member.kind !== 'undefined'))
  const all = alternatives.flat()
  if (!all.some((member) => primitiveKinds.has(member.kind)) || !all.some((member) => objectKinds.has(member.kind))) return undefined
  // Where the object types are index signatures' only and each asks for a key, no primitive is of
  // them and `allOf` (the merged type and those index signatures) says the same.
  if (!alternatives.slice(0, declared).flat().some((member) => objectKinds.has(member.kind)) && all.every((member) => !objectKinds.has(member.kind) || requiresKey(member))) return undefined
  if (alternatives.reduce((count, list) => count * list.length, 1) > MAX_COMBINATIONS) return undefined
  let combinations: TypeView<N>[][] = [[]]
  for (const list of alternatives) combinations = combinations.flatMap((combination) => list.map((member) => [...combination, member]))
  const branches = combinations.flatMap((combination): Ir<N>[] => {
    const primitives = combination.filter((member) => primitiveKinds.has(member.kind))
    // A primitive is of an object type only when that type requires no key (`'ok' & { frame?: Frame }`):
    // with a required one (`'ok' & { kind: 'line' }`) the combination holds no value.
    // An index signature asks the same of the primitive's members (`'ok' & { [key: string]: Tag }`),
    // which no primitive's apparent type gives: the combination holds no value either.
    const objects = combination.filter((member) => objectKinds.has(member.kind))
    if (primitives.length > 0 && objects.some(requiresKey)) return []
    // TypeScript also checks the value against the declared types together, as one type: where
    // they are object types only (the primitive an index signature's), that type is weak and the
    // primitive shares none of its keys (`{ a: { note?: string } } & { [key: string]: string }`).
    if (primitives.length > 0 && combination.slice(0, declared).every((member) => objectKinds.has(member.kind))) return []
    const parts = primitives.length > 0 ? combination.filter((member) => !objectKinds.has(member.kind)) : combination
    const schemas = parts.map((member) => context.child(member, name))
    return [schemas.length === 1 ? (schemas[0] as Ir<N>) : { allOf: schemas }]
  })
  return branches.length === 0 ? { not: {} } : branches.length === 1 ? branches[0] : { anyOf: branches }
}

export const intersectionUnit: Unit = <N>(type: TypeView<N>, context: UnitContext<N>): Ir<N> => {
  const members = type.members()
  const primitive = members.find((member) => primitiveKinds.has(member.kind))
  if (primitive) return context.child(primitive)
  if (members.every((member) => objectKinds.has(member.kind))) {
    // TypeScript reduces an intersection whose members' common property can hold nothing
    // (`{ kind: 'a' } & { kind: 'b' }`, `{ b: string[] } & { b: null }`) to `never`: it then lists
    // none of the members' properties, and admits no value.
    const merged = new Set(type.properties().map(({ name }) => name))
    if (members.some((member) => member.properties().some(({ name }) => !merged.has(name)))) return { not: {} }
    // A value of an intersection is a value of every member: each member's index signature holds for
    // every key that member does not declare itself, whichever member declares it, or none.
    const indexed = members.flatMap((member) => {
      const index = member.indexType()
      return index === undefined ? [] : [{ index, declares: new Set(member.properties().map(({ name }) => name)) }]
    })
    const every = (schemas: Ir<N>[]): Ir<N> | undefined => (schemas.length === 0 ? undefined : schemas.length === 1 ? schemas[0] : { allOf: schemas })
    // Keys no member declares hold every index signature's type; object types among them are one merged object.
    const additional = mergedIndexSignatures(indexed.map(({ index }) => index), context) ?? every(indexed.map(({ index }) => context.child(index, '[string]'))) ?? false
    // A key several members declare holds each member's type, not only the merged property's (which
    // reads `string & number[]` as a branded string): `{ kind: string } & { kind: 'a' | 'b' }`. A
    // declared type with an object type in it is left to the merged property's type, TypeScript's
    // intersection of them (`{ p: { a: string } } & { p: { b: string } }` holds `{ a, b }`, which
    // neither closed member schema would take alone). The index signatures of the members that do
    // not declare the key hold too.
    const declaring = (name: string) => members.flatMap((member) => member.properties().filter((property) => property.name === name))
    const holdsObject = (type: TypeView<N>) => (type.kind === 'union' ? type.members() : [type]).some((member) => objectKinds.has(member.kind))
    const alsoHolds = (name: string, merged: TypeView<N>) => [
      ...declaring(name)
        .filter((property) => property.type.id !== merged.id && !holdsObject(property.type))
        .map((property) => context.child(property.type, name, property.node)),
      ...indexed.filter(({ declares }) => !declares.has(name)).map(({ index }) => context.child(index, '[string]')),
    ]
    // The types a key holds: each declaring member's, and the index signature of each member that does not declare it.
    const held = (name: string) => [...declaring(name).map((property) => property.type), ...indexed.filter(({ declares }) => !declares.has(name)).map(({ index }) => index)]
    const instead = (name: string) => brandedKey(held(name), declaring(name).length, context, name) ?? mergedObjectKey(held(name), declaring(name).length, context, name)
    return objectUnit(type, context, { additional, alsoHolds, instead })
  }
  // An array or tuple and object types (`X[] & { note?: string }`) is the array where the object
  // types require no key (an array has none of theirs), and holds nothing where one does.
  const objects = members.filter((member) => objectKinds.has(member.kind))
  if (objects.length > 0 && objects.some(requiresKey)) return { not: {} }
  const rest = members.filter((member) => !objectKinds.has(member.kind))
  return rest.length === 1 && objects.length > 0 ? context.child(rest[0] as TypeView<N>) : { allOf: rest.map((member) => context.child(member)) }
}

