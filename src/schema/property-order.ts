import { compare } from './order.js'
import type { PropertyView, TypeView } from './view.js'

/** Where a member is declared, as both backends report it (absolute file, start of the declaration). */
export interface MemberPosition {
  readonly file: string
  readonly position: number
}

/**
 * Members of a mapped type (`Pick`, `Omit`, `Partial`, `Record` over literal keys) in the order their
 * declarations are written, not in the checker's order of the key union, which depends on the
 * checker (TypeScript 7 sorts literal unions, TypeScript 6 keeps creation order). Members declared
 * nowhere (the keys of `Record<'a' | 'b', V>`) follow, by name. Every backend's view applies this,
 * so both give the same order.
 */
export function sourceOrderedMembers<P extends { readonly name: string }>(members: readonly P[], positionOf: (member: P) => MemberPosition | undefined): P[] {
  const keyed = members.map((member) => ({ member, at: positionOf(member) }))
  keyed.sort((a, b) => {
    if (a.at === undefined || b.at === undefined) return a.at === b.at ? compare(a.member.name, b.member.name) : a.at === undefined ? 1 : -1
    return compare(a.at.file, b.at.file) || a.at.position - b.at.position
  })
  return keyed.map(({ member }) => member)
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

/**
 * The properties of an object type in the order the units list them: an intersection's in the
 * order of its members, each member's in its own order (`Omit<Ticket, 'internal'> & { x?: number }`
 * lists Omit's members, then `x`), never in the order the checker merged them, which differs
 * between TypeScript 6 and 7. Any other type's as its view gives them.
 */
export function orderedProperties<N>(type: TypeView<N>): PropertyView<N>[] {
  const properties = type.properties()
  if (type.kind !== 'intersection') return properties
  const rank = new Map<string, number>()
  for (const member of type.members()) for (const { name } of member.properties()) if (!rank.has(name)) rank.set(name, rank.size)
  const last = rank.size
  return properties
    .map((property, index) => ({ property, index }))
    .sort((a, b) => (rank.get(a.property.name) ?? last) - (rank.get(b.property.name) ?? last) || a.index - b.index)
    .map(({ property }) => property)
}
