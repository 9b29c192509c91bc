import type { JsonSchema } from '../../runtime/types.js'
import type { Unit } from '../context.js'

/** A literal value allowed by a union, enum or literal type; `null` included. */
export type LiteralValue = string | number | boolean | null

/** The schema allowing exactly the given values, typed so validators and models see the JSON type. */
export function literalsSchema(values: readonly LiteralValue[]): JsonSchema {
  const types = [...new Set(values.map((value) => (value === null ? 'null' : typeof value)))]
  const type = types.length === 1 ? types[0] : types
  if (values.length === 1) return values[0] === null ? { type } : { type, const: values[0] }
  return { type, enum: [...values] }
}

/** A single literal type such as `'asc'`, `42` or `true`. */
export const literalUnit: Unit = (type) => literalsSchema([type.literal() ?? null])
