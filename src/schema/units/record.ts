import type { TypeView } from '../view.js'
import type { Ir } from '../ir.js'
import type { UnitContext } from '../context.js'

/**
 * What an object allows beyond its declared properties: the value type of its index signature
 * (`Record<string, V>`, `{ [key: string]: V }`), or nothing when it has none (a closed object).
 */
export function additionalProperties<N>(type: TypeView<N>, context: UnitContext<N>): Ir<N> | false {
  const value = type.indexType()
  return value ? context.child(value, '[string]') : false
}
