import { compare } from './order.js'

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
