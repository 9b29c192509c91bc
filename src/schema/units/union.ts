import type { JsonSchema } from '../../runtime/types.js'
import type { UnitContext } from '../context.js'
import { Ref, type Ir } from '../ir.js'
import type { TypeView } from '../view.js'
import { literalsSchema, type LiteralValue } from './literal.js'
import { orderedMembers } from './member-order.js'

const absentKinds = new Set(['undefined', 'void', 'never'])

/**
 * A union, its members in source order. `undefined` members are dropped (optionality is
 * `required`'s job; a union written as one type and `undefined` is that type); literal members (and `null`) become one `enum` where the first of them stands,
 * `true | false` becomes `boolean`; members that only name a JSON type merge into a type array
 * (`string | null` → `type: ["string", "null"]`), else `anyOf`.
 */
export function unionUnit<N>(type: TypeView<N>, context: UnitContext<N>): Ir<N> {
  // `Json | undefined` written as such is `Json`: its reference, not its members again beside its definition.
  const written = type.writtenMembers()?.filter((member) => !absentKinds.has(member.kind))
  const [only] = written ?? []
  if (written?.length === 1 && only !== undefined && only.id !== type.id) return context.child(only)
  return unionOf(orderedMembers(type).filter((member) => !absentKinds.has(member.kind)), context)
}

/** The schema of a union of the given members, in their order. */
export function unionOf<N>(members: readonly TypeView<N>[], context: UnitContext<N>): Ir<N> {
  const values = members.filter(isLiteralLike).map((member): LiteralValue => member.literal() ?? null)
  const isBoolean = values.includes(true) && values.includes(false)
  const enumValues = isBoolean ? values.filter((value) => typeof value !== 'boolean') : values
  const parts: Ir<N>[] = []
  let literalsPlaced = false
  let booleanPlaced = false
  for (const member of members) {
    if (!isLiteralLike(member)) {
      parts.push(context.child(member))
    } else if (isBoolean && typeof member.literal() === 'boolean') {
      if (!booleanPlaced) parts.push({ type: 'boolean' })
      booleanPlaced = true
    } else if (!literalsPlaced) {
      parts.push(literalsSchema(enumValues))
      literalsPlaced = true
    }
  }
  return combine(parts, context)
}

function isLiteralLike<N>(member: TypeView<N>): boolean {
  return member.kind === 'literal' || member.kind === 'null'
}

/** One schema for the parts: nothing, the only part, a merged type array, or `anyOf` (nested ones spliced in). */
export function combine<N>(given: Ir<N>[], context: UnitContext<N>): Ir<N> {
  const parts = given.flatMap((part): Ir<N>[] => {
    // A member that admits nothing (`{ not: {} }`, a `[never]` tuple) adds nothing to a union.
    if (given.length > 1 && isNothing(context.concrete(part))) return []
    // A named union keeps its reference (it may be shared or recursive).
    const schema = part instanceof Ref && part.target.named ? undefined : context.concrete(part)
    const branches = schema?.['anyOf']
    return schema && Object.keys(schema).length === 1 && Array.isArray(branches) ? (branches as Ir<N>[]) : [part]
  })
  if (parts.length === 0) return { not: {} }
  if (parts.length === 1 && parts[0]) return parts[0]
  const nullable = nullableArray(parts, context)
  if (nullable) return nullable
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

/** Keywords that would refuse `null` beside a type array naming it, or that are no plain array schema. */
const notArrayScoped = new Set(['enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', '$ref'])

/**
 * An unnamed array and `null` (`stops?: Stop[] | null`) as one schema, `type: ["array", "null"]` in
 * the written order beside the array's own keywords (which constrain arrays only), as an expert
 * writes it; a named type keeps its reference.
 */
function nullableArray<N>(parts: readonly Ir<N>[], context: UnitContext<N>): JsonSchema | undefined {
  if (parts.length !== 2) return undefined
  const schemas = parts.map((part) => (part instanceof Ref && part.target.named ? undefined : context.concrete(part)))
  const nullAt = schemas.findIndex((schema) => typeOnly(schema)?.join() === 'null')
  const array = schemas[1 - nullAt]
  if (nullAt === -1 || array?.['type'] !== 'array' || Object.keys(array).some((keyword) => notArrayScoped.has(keyword))) return undefined
  return { ...array, type: nullAt === 0 ? ['null', 'array'] : ['array', 'null'] }
}

function isNothing(schema: JsonSchema | undefined): boolean {
  const not = schema?.['not']
  return schema !== undefined && Object.keys(schema).length === 1 && typeof not === 'object' && not !== null && Object.keys(not).length === 0
}
