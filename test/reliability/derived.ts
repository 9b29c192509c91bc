import fc from 'fast-check'
import type { Node, Type } from 'ts-morph'
import type { Tags, Written } from './type-docs.js'

/** A value sent for a tool's arguments, and what its handler must receive: the same minus undeclared keys, plus defaults. */
export interface SentValue {
  readonly sent: unknown
  readonly received: unknown
}

/** The JSON kinds of value. */
export type Kind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array'

/** What one type yields: its values, how to break them, the JSON kinds it accepts, and a check of a given value. */
export interface Derived {
  readonly valid: fc.Arbitrary<SentValue>
  /** Values moved out of the type, one violation each. */
  readonly breakers: readonly fc.Arbitrary<unknown>[]
  readonly kinds: ReadonlySet<Kind>
  /** Whether a JSON value, as sent (no coercion, no defaults), is a value of the type. */
  accepts(value: unknown): boolean
  /** What the handler receives for a value the type accepts: defaults filled in. */
  normalise(value: unknown): unknown
}

/** Where a type is derived: what is known of its place in the parameter type. */
export interface Site {
  /** The node property types are read at when a property has no declaration. */
  readonly at: Node
  /** Every JSDoc tag that applies here: the type's own, its aliases', the property's (nearest wins). */
  readonly tags: Tags
  /** The type node this place is written as, followed to what it finally writes. */
  readonly written: Written | undefined
  readonly depth: number
  readonly isLib: (node: Node) => boolean
  /** Derives a type at a site (the dispatcher, passed down so units need not import it). */
  readonly derive: (type: Type, site: Site) => Derived
}

/** One value of each JSON kind that a type refusing the kind refuses (no coercion applies to it). */
const WRONG_KIND: Readonly<Record<Kind, unknown>> = { string: 'not a value of the type', number: 7, boolean: true, null: null, object: { wrong: true }, array: ['wrong'] }

/** The same value sent and received. */
export function same(values: fc.Arbitrary<unknown>): fc.Arbitrary<SentValue> {
  return values.map((value) => ({ sent: value, received: value }))
}

/** Values of the JSON kinds a type refuses. */
export function wrongKinds(kinds: ReadonlySet<Kind>): fc.Arbitrary<unknown>[] {
  return (Object.keys(WRONG_KIND) as Kind[]).filter((kind) => !kinds.has(kind)).map((kind) => fc.constant(WRONG_KIND[kind]))
}

/** One of the arbitraries, or undefined when there is none. */
export function oneOfOrUndefined(arbitraries: readonly fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> | undefined {
  return arbitraries.length === 0 ? undefined : fc.oneof(...arbitraries)
}

/** Whether a value is a JSON object (not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON kind of a value. */
export function kindOf(value: unknown): Kind | undefined {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const kind = typeof value
  return kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'object' ? kind : undefined
}

/** Accepts any JSON value, passed on as sent. */
export const anyValue: Derived = {
  valid: same(fc.jsonValue()),
  breakers: [],
  kinds: new Set(['string', 'number', 'boolean', 'null', 'object', 'array']),
  accepts: (value) => kindOf(value) !== undefined,
  normalise: (value) => value,
}
