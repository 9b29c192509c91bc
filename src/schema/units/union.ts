import type { JsonSchema } from '../../runtime/types.js'
import type { UnitContext } from '../context.js'
import type { Ir } from '../ir.js'
import { compare } from '../order.js'
import type { TypeView } from '../view.js'
import { literalsSchema, type LiteralValue } from './literal.js'

/**
 * A union. `undefined` members are dropped (optionality is `required`'s job); literal members
 * (and `null`) become one `enum`, `true | false` becomes `boolean`; members that only name a JSON
 * type merge into a type array (`string | null` → `type: ["string", "null"]`), else `anyOf`.
 */
export function unionUnit<N>(type: TypeView<N>, context: UnitContext<N>): Ir<N> {
  const members = type.members().filter((member) => !['undefined', 'void', 'never'].includes(member.kind))
  const values = members.filter(isLiteralLike).map((member): LiteralValue => member.literal() ?? null).sort(byValue)
  const isBoolean = values.includes(true) && values.includes(false)
  const enumValues = isBoolean ? values.filter((value) => typeof value !== 'boolean') : values
  const parts: Ir<N>[] = [
    ...members.filter((member) => !isLiteralLike(member)).sort(bySource).map((member) => context.child(member)),
    ...(isBoolean ? [{ type: 'boolean' }] : []),
    ...(enumValues.length > 0 ? [literalsSchema(enumValues)] : []),
  ]
  return combine(parts, context)
}

/**
 * The checker orders union members by when it first met each type, which depends on what was
 * checked before; sorting keeps the schema byte-identical however the project was analysed.
 */
function byValue(a: LiteralValue, b: LiteralValue): number {
  const rank = (value: LiteralValue): number => (value === null ? 3 : ['number', 'string', 'boolean'].indexOf(typeof value))
  if (rank(a) !== rank(b)) return rank(a) - rank(b)
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return compare(String(a), String(b))
}

/** Kinds of types written nowhere, in the order a union lists them (as TypeScript prints them). */
const kindOrder = ['string', 'number', 'boolean', 'templateLiteral', 'array', 'tuple', 'object']

/**
 * Other members in the order they are written in the source (types written nowhere, such as
 * primitives, first, by kind then text), for the same reason.
 */
function bySource<N>(a: TypeView<N>, b: TypeView<N>): number {
  const [at, bt] = [a.declared(), b.declared()]
  if (at !== undefined && bt !== undefined) return compare(at.file, bt.file) || at.position - bt.position
  if (at !== undefined || bt !== undefined) return at === undefined ? -1 : 1
  return rankOf(a.kind) - rankOf(b.kind) || compare(a.text, b.text)
}

function rankOf(kind: string): number {
  const rank = kindOrder.indexOf(kind)
  return rank < 0 ? kindOrder.length : rank
}

function isLiteralLike<N>(member: TypeView<N>): boolean {
  return member.kind === 'literal' || member.kind === 'null'
}

function combine<N>(parts: Ir<N>[], context: UnitContext<N>): Ir<N> {
  if (parts.length === 0) return { not: {} }
  if (parts.length === 1 && parts[0]) return parts[0]
  const types = parts.map((part) => typeOnly(context.concrete(part)))
  if (types.every((type) => type !== undefined)) {
    const merged = [...new Set(types.flat())]
    return { type: merged.length === 1 ? merged[0] : merged }
  }
  return { anyOf: parts }
}

/** The `type` of a schema that says nothing else, as a list. */
function typeOnly(schema: JsonSchema | undefined): string[] | undefined {
  if (!schema || Object.keys(schema).length !== 1) return undefined
  const { type } = schema
  if (typeof type === 'string') return [type]
  return Array.isArray(type) ? type.map(String) : undefined
}
