import { annotationsOf, type Annotation } from '../annotations.js'
import type { UnitContext } from '../context.js'
import type { Ir } from '../ir.js'
import { parseLiteral } from '../jsdoc-values.js'
import type { PropertyView, TypeView } from '../view.js'
import { writtenProperties } from './member-order.js'
import { additionalProperties, patternProperties } from './record.js'

/** How an object's members are read. */
export interface ObjectOptions<N> {
  /** Members to leave out (a class's methods and non-public members, reported by the class unit). */
  readonly skip?: (property: PropertyView<N>) => boolean
  /** What the object allows beyond its declared properties, when not its own index signature. */
  readonly additional?: Ir<N> | false
  /** What a member's value must also be besides its own type (the index signatures of an intersection's other members). */
  readonly alsoHolds?: (name: string, type: TypeView<N>) => Ir<N>[]
  /** A member's schema in place of its own type's, where the object decides it (a key an intersection's members declare as a primitive and an object). */
  readonly instead?: (name: string, type: TypeView<N>) => Ir<N> | undefined
  /**
   * Whether a field's initialiser is its default: only where the type is the class itself, as a
   * constructed instance has it. Through a mapped type (`Readonly<C>`, `{ [K in keyof C]: C[K][] }`)
   * or an intersection the member is what TypeScript makes it (required, perhaps of another type
   * than the initialiser's value).
   */
  readonly initialisers?: boolean
}

/**
 * An object type (interface, type literal, mapped type, merged intersection, data class):
 * properties in declaration order with their JSDoc, `required` for the members that cannot be
 * omitted. A data class's field initialised with a literal (`limit = 10`) has that value as its
 * default and may be omitted, as a constructed instance would have it (`initialisers`).
 */
export function objectUnit<N>(type: TypeView<N>, context: UnitContext<N>, options: ObjectOptions<N> = {}): Ir<N> {
  const properties: [string, Ir<N>][] = []
  const required: string[] = []
  for (const property of writtenProperties(type)) {
    if (options.skip?.(property)) continue
    const { name, node } = property
    const initialised = options.initialisers === true ? literalInitializer(property) : { found: false as const }
    if (property.type.kind === 'never') {
      // A required member that can hold no value leaves no object at all, as TypeScript has it
      // (`{ keep: number; drop: never }`, what a deep `Exclude` leaves); an optional one may only
      // be absent, so no key may carry it (`additionalProperties` decides the rest).
      if (!property.optional && !initialised.found) return { not: {} }
      continue
    }
    const schema = context.child(property.type, name, node)
    const annotation = withInitializer(annotationsOf({ ...(node !== undefined && { node }), ...property.docs, name }, name), initialised)
    const annotated = context.annotate(schema, annotation)
    const instead = options.instead?.(name, property.type)
    const also = options.alsoHolds?.(name, property.type) ?? []
    properties.push([name, instead ?? (also.length === 0 ? annotated : { allOf: [annotated, ...also] })])
    if (!property.optional && !admitsUndefined(property.type) && !initialised.found) required.push(name)
  }
  const additional = options.additional ?? additionalProperties(type, context)
  const patterns = patternProperties(type, context)
  return {
    type: 'object',
    ...((properties.length > 0 || additional === false) && { properties: Object.fromEntries(properties) }),
    ...(required.length > 0 && { required }),
    ...(patterns !== undefined && { patternProperties: patterns }),
    additionalProperties: additional,
  }
}

/**
 * The value a field's initialiser gives, when it is a literal (`limit = 10`) or an expression whose
 * type is one literal (`type = RecordType.A`, a `const`): such a field may be omitted.
 */
function literalInitializer<N>(property: PropertyView<N>): ReturnType<typeof parseLiteral> {
  if (property.initializer === undefined) return { found: false }
  const written = parseLiteral(property.initializer)
  if (written.found) return written
  const value = property.initializerValue?.()
  return value === undefined ? written : { found: true, value }
}

/** A literal initialiser is the field's default, unless its JSDoc gives one (the field may be omitted either way). */
function withInitializer<N>(annotation: Annotation<N>, literal: ReturnType<typeof parseLiteral>): Annotation<N> {
  if (!literal.found || annotation.values.some((value) => value.keyword === 'default')) return annotation
  return {
    ...annotation,
    keywords: { ...annotation.keywords, default: literal.value },
    values: [...annotation.values, { keyword: 'default', tag: 'the initialiser', candidates: [literal.value], severity: 'error' }],
  }
}

/**
 * JSON cannot carry `undefined`, so a member typed `T | undefined` is passed by leaving it out. A
 * member typed `void` alone (`Slot<void>`'s `held`) is `null` and must be sent.
 */
function admitsUndefined<N>(type: TypeView<N>): boolean {
  if (type.kind === 'undefined') return true
  return type.kind === 'union' && type.members().some((member) => member.kind === 'undefined')
}
