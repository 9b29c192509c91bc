import { compare } from '../order.js'
import { orderedProperties } from '../property-order.js'
import type { PropertyView, TypeView } from '../view.js'
import { renamedKey } from '../written-rules.js'
import type { LiteralValue } from './literal.js'

const grouping = new Set(['union', 'enum', 'boolean'])

/**
 * The members of a union (or enum) in the order the source writes them: the written union's
 * members, unions named there expanded in place (`State | 'all'` with `type State = 'open' | 'closed'`
 * gives open, closed, all). Members no written union orders (an instantiated generic's, `keyof`'s)
 * follow in declaration order, then by kind and value, never in the checker's creation order, which
 * depends on what was checked before (T11). Each member comes back as the view it was written as.
 */
export function orderedMembers<N>(type: TypeView<N>): TypeView<N>[] {
  const members = new Map(type.members().map((member) => [member.id, member]))
  const ordered = new Map<object, TypeView<N>>()
  const visit = (view: TypeView<N>, depth: number): void => {
    if (depth > 16) return
    const written = view.writtenMembers()
    if (written) {
      for (const member of written) visit(member, depth + 1)
      return
    }
    for (const value of derivedLiterals(view)) {
      const member = [...members.values()].find((candidate) => candidate.kind === 'literal' && candidate.literal() === value)
      if (member && !ordered.has(member.id)) ordered.set(member.id, member)
    }
    if (grouping.has(view.kind) && !(view.id === type.id && depth > 0)) {
      for (const member of [...view.members()].sort(byDeclaration)) visit(member, depth + 1)
      return
    }
    if (members.has(view.id) && !ordered.has(view.id)) ordered.set(view.id, view)
  }
  visit(type, 0)
  const rest = [...members.values()].filter((member) => !ordered.has(member.id)).sort(byDeclaration)
  return [...ordered.values(), ...rest]
}

/**
 * The literal values a union written as `keyof T` or `T[number]` takes, in T's order: its
 * properties' names (numeric names also as numbers), or its tuple elements' literal values.
 */
function derivedLiterals<N>(view: TypeView<N>): (string | number | boolean)[] {
  const derivation = view.writtenDerivation()
  if (derivation === undefined) return []
  const { operator, of } = derivation
  if (operator === 'element') return of.kind === 'tuple' ? of.tupleElements().flatMap(({ type }) => type.literal() ?? []) : []
  return writtenProperties(of).flatMap(({ name }) => (name !== '' && String(Number(name)) === name ? [name, Number(name)] : [name]))
}

/**
 * The properties of an object type in the order the source writes them (see `orderedProperties`),
 * a mapped type's in the order of its written keys: `Record<Region, V>`, `Pick<T, 'b' | 'a'>` and
 * `{ [K in 'b' | 'a']: V }` list their members as the key union is written, through aliases,
 * `keyof T` (T's order) and enums (declaration order).
 */
export function writtenProperties<N>(type: TypeView<N>): PropertyView<N>[] {
  return withRenamedSources(type, orderedProperties(type, writtenKeyNames))
}

/**
 * The members of `{ [K in keyof T as N]: … }` with the JSDoc, declaration and (where the type is
 * the same) the written type of the member of T each is renamed from: the checkers link no
 * declaration to a renamed member, so without this its description and constraints were lost.
 */
function withRenamedSources<N>(type: TypeView<N>, properties: PropertyView<N>[]): PropertyView<N>[] {
  const written = type.kind === 'object' ? type.writtenKeys() : undefined
  if (written?.rename === undefined || written.of === undefined) return properties
  const { rename } = written
  const sources = new Map(writtenProperties(written.of).map((source) => [renamedKey(source.name, rename), source]))
  return properties.map((property) => {
    const source = property.node === undefined ? sources.get(property.name) : undefined
    if (source === undefined) return property
    const { docs, node } = source
    return { ...property, docs, node, ...(source.type.id === property.type.id && { type: source.type }) }
  })
}

/** The key names a mapped type's written keys give, in written order; undefined when its keys are not written. */
function writtenKeyNames<N>(type: TypeView<N>): string[] | undefined {
  const written = type.kind === 'object' ? type.writtenKeys() : undefined
  if (written === undefined) return undefined
  const { keys, of, rename } = written
  // `keyof T`: T's members in their order.
  if (of !== undefined) return writtenProperties(of).map(({ name }) => (rename === undefined ? name : renamedKey(name, rename)))
  const members = grouping.has(keys.kind) ? orderedMembers(keys) : [keys]
  return members.flatMap((member) => {
    const value = member.kind === 'literal' || member.kind === 'enum' ? member.literal() : undefined
    if (typeof value !== 'string' && typeof value !== 'number') return []
    return [rename === undefined ? String(value) : renamedKey(String(value), rename)]
  })
}

/** Declared members (enum members, interfaces) by place of declaration, then the rest by kind and value. */
function byDeclaration<N>(a: TypeView<N>, b: TypeView<N>): number {
  const [at, bt] = [a.declared(), b.declared()]
  if (at !== undefined && bt !== undefined) return compare(at.file, bt.file) || at.position - bt.position
  if (at !== undefined || bt !== undefined) return at === undefined ? 1 : -1
  return rankOf(a.kind) - rankOf(b.kind) || byValue(a.literal() ?? null, b.literal() ?? null) || compare(a.text, b.text)
}

const kindOrder = ['string', 'number', 'boolean', 'templateLiteral', 'literal', 'null', 'array', 'tuple', 'object']

function rankOf(kind: string): number {
  const rank = kindOrder.indexOf(kind)
  return rank < 0 ? kindOrder.length : rank
}

function byValue(a: LiteralValue, b: LiteralValue): number {
  const rank = (value: LiteralValue): number => (value === null ? 3 : ['number', 'string', 'boolean'].indexOf(typeof value))
  if (rank(a) !== rank(b)) return rank(a) - rank(b)
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return compare(String(a), String(b))
}
