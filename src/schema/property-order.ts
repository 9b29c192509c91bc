import { compare } from './order.js'
import type { PropertyView, TypeKind, TypeView } from './view.js'

/** Where a member is declared, as both backends report it (absolute file, start of the declaration). */
export interface MemberPosition {
  readonly file: string
  readonly position: number
}

/**
 * Members of a mapped type (`Pick`, `Omit`, `Partial`, `Record` over literal keys) in the order their
 * declarations are written, not in the checker's order of the key union, which depends on the
 * checker (TypeScript 7 sorts literal unions, TypeScript 6 keeps creation order). Members declared
 * nowhere (the keys of `Record<'a' | 'b', V>`) follow, by name, until the object unit puts them in
 * the order their keys are written (see `writtenProperties`). Every backend's view applies this,
 * so both give the same order.
 */
export function sourceOrderedMembers<P extends { readonly name: string }>(members: readonly P[], positionOf: (member: P) => MemberPosition | undefined): P[] {
  return sortedByKey(members, positionOf, (a, b) => compare(a.file, b.file) || a.position - b.position)
}

/** Members in the order of their keys, those without a key after them, by name. */
function sortedByKey<P extends { readonly name: string }, K>(members: readonly P[], keyOf: (member: P) => K | undefined, byKey: (a: K, b: K) => number): P[] {
  const keyed = members.map((member) => ({ member, at: keyOf(member) }))
  keyed.sort((a, b) => {
    if (a.at === undefined || b.at === undefined) return a.at === b.at ? compare(a.member.name, b.member.name) : a.at === undefined ? 1 : -1
    return byKey(a.at, b.at)
  })
  return keyed.map(({ member }) => member)
}

/** A member of an object literal as written: a spread with the type it spreads, or any other member at its start. */
export type LiteralMember<N> = { readonly spread: TypeView<N> } | { readonly at: MemberPosition }

/** Kinds whose properties a spread copies; any other spread (`...undefined`, `...'text'`) names none. */
const spreadKinds = new Set<TypeKind>(['object', 'intersection', 'class'])

/**
 * The members of an object literal written with spreads (`{ a, ...args, z }`) in the order its
 * value's keys take at run time: each spread's members where the spread is written, in the spread
 * type's own order (of a union, each member's in turn), the other members where they are written,
 * and a member written again after a spread (`{ ...args, id: 2 }`) where its key first appeared.
 * Neither checker keeps that order (TypeScript 6 puts the members after a spread first, TypeScript 7
 * sorts them by declaration), so every backend's view applies this. Members found nowhere follow, by name.
 */
export function literalOrderedMembers<N, P extends { readonly name: string }>(members: readonly P[], literal: readonly LiteralMember<N>[], positionOf: (member: P) => MemberPosition | undefined): P[] {
  const written = new Map<string, string[]>()
  for (const member of members) {
    const at = positionOf(member)
    if (at !== undefined) written.set(positionKey(at), [...(written.get(positionKey(at)) ?? []), member.name])
  }
  const rank = new Map<string, number>()
  for (const member of literal) {
    const names = 'spread' in member ? spreadNames(member.spread) : (written.get(positionKey(member.at)) ?? [])
    for (const name of names) if (!rank.has(name)) rank.set(name, rank.size)
  }
  return sortedByKey(members, ({ name }) => rank.get(name), (a, b) => a - b)
}

function positionKey({ file, position }: MemberPosition): string {
  return `${position}:${file}`
}

function spreadNames<N>(type: TypeView<N>): string[] {
  if (type.kind === 'union') return type.members().flatMap(spreadNames)
  return spreadKinds.has(type.kind) ? orderedProperties(type).map(({ name }) => name) : []
}

/**
 * The type a property is read as, given its checker type and the type of its declared type node
 * (known to write it, less an optional member's `undefined`): an optional member is read as the
 * node's type (`b?: Mode[]` is `Mode[] | undefined`, `value?: Json` the members of `Json` and
 * `undefined`; optionality is `required`'s job), any other as its own (`Required<T>` drops the
 * `undefined` its node writes). Every backend reads properties by this rule.
 */
export function optionalMemberType<T>(type: T, written: T, optional: boolean): T {
  return optional ? written : type
}

/** The key names a mapped type's written keys give, in written order (see `TypeView.writtenKeys`). */
export type WrittenKeyNames = <N>(type: TypeView<N>) => readonly string[] | undefined

/**
 * The properties of an object type in the order the units list them: a mapped type's in the order
 * `keyNames` gives its written keys (`Record<'b' | 'a', V>` lists b, then a), the rest after them
 * in the view's order; an intersection's in the order of its members, each member's in its own
 * order (`Omit<Ticket, 'internal'> & { x?: number }` lists Omit's members, then `x`), never in the
 * order the checker merged them, which differs between TypeScript 6 and 7. Any other type's as its
 * view gives them.
 */
export function orderedProperties<N>(type: TypeView<N>, keyNames?: WrittenKeyNames): PropertyView<N>[] {
  const properties = type.properties()
  if (type.kind !== 'intersection') return keyed(properties, keyNames?.(type))
  const rank = new Map<string, number>()
  for (const member of type.members()) for (const { name } of orderedProperties(member, keyNames)) if (!rank.has(name)) rank.set(name, rank.size)
  return byRank(properties, rank)
}

/** Properties with the written keys first, in their order, the rest after them as they were. */
function keyed<P extends { readonly name: string }>(properties: P[], names: readonly string[] | undefined): P[] {
  if (names === undefined || names.length === 0) return properties
  const rank = new Map<string, number>()
  for (const name of names) if (!rank.has(name)) rank.set(name, rank.size)
  return byRank(properties, rank)
}

/** Properties by their rank, those without one last; ties keep their order. */
function byRank<P extends { readonly name: string }>(properties: P[], rank: ReadonlyMap<string, number>): P[] {
  const last = rank.size
  return properties
    .map((property, index) => ({ property, index }))
    .sort((a, b) => (rank.get(a.property.name) ?? last) - (rank.get(b.property.name) ?? last) || a.index - b.index)
    .map(({ property }) => property)
}
