import type { TypeView } from '../view.js'
import type { Ir } from '../ir.js'
import type { UnitContext } from '../context.js'
import { templateTypePattern } from './template-literal.js'

/**
 * What an object allows beyond its declared properties: the value type of its index signature
 * (`Record<string, V>`, `{ [key: string]: V }`), or nothing when it has none (a closed object).
 */
export function additionalProperties<N>(type: TypeView<N>, context: UnitContext<N>): Ir<N> | false {
  const value = type.indexType()
  return value ? context.child(value, '[string]') : false
}

/**
 * What the keys an index signature keyed by a template literal type holds must be
 * (`` { [key: `get_${string}`]: V } ``, what a key-remapping mapped type over an index signature
 * gives), by the pattern of those keys; undefined when the object has none.
 */
export function patternProperties<N>(type: TypeView<N>, context: UnitContext<N>): Record<string, Ir<N>> | undefined {
  const patterns: Record<string, Ir<N>[]> = {}
  for (const { key, value } of type.patternIndexes()) (patterns[templateTypePattern(key)] ??= []).push(context.child(value, `[${key.text}]`))
  const entries = Object.entries(patterns).map(([pattern, schemas]): [string, Ir<N>] => [pattern, schemas.length === 1 ? (schemas[0] as Ir<N>) : { allOf: schemas }])
  return entries.length === 0 ? undefined : Object.fromEntries(entries)
}
