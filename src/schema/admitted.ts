import type { JsonSchema } from '../runtime/types.js'
import { Ref } from './ir.js'

/** A JSON type name as JSON Schema's `type` keyword writes it (`integer` counted as `number`). */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object'

const allTypes: readonly JsonType[] = ['string', 'number', 'boolean', 'null', 'array', 'object']

/**
 * The JSON types a schema under construction admits, or undefined when it may admit any (an
 * unconstrained `{}`, or a type still being converted). References are followed.
 */
export function admittedTypes(ir: unknown, depth = 0): Set<JsonType> | undefined {
  if (depth > 32) return undefined
  if (ir instanceof Ref) {
    const own = ir.annotations && typesOfKeyword(ir.annotations['type'])
    if (own) return own
    return ir.target.done ? admittedTypes(ir.target.schema, depth + 1) : undefined
  }
  if (typeof ir !== 'object' || ir === null) return undefined
  const schema = ir as JsonSchema
  const typed = typesOfKeyword(schema['type'])
  if (typed) return typed
  if ('const' in schema) return new Set([typeOfValue(schema['const'])])
  if (Array.isArray(schema['enum'])) return new Set(schema['enum'].map(typeOfValue))
  if (schema['not'] !== undefined && Object.keys(schema).length === 1) return new Set()
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword]
    if (!Array.isArray(branches)) continue
    const union = new Set<JsonType>()
    for (const branch of branches) {
      const types = admittedTypes(branch, depth + 1)
      if (!types) return undefined
      for (const type of types) union.add(type)
    }
    return union
  }
  const all = schema['allOf']
  if (Array.isArray(all)) {
    let result: Set<JsonType> | undefined
    for (const branch of all) {
      const types = admittedTypes(branch, depth + 1)
      if (types) result = result ? new Set([...result].filter((type) => types.has(type))) : types
    }
    return result
  }
  return undefined
}

/** Whether a schema under construction can accept a value of the JSON type. */
export function admits(ir: unknown, type: JsonType): boolean {
  return admittedTypes(ir)?.has(type) ?? true
}

function typesOfKeyword(type: unknown): Set<JsonType> | undefined {
  if (type === undefined) return undefined
  const names = [type].flat().map((name) => (name === 'integer' ? 'number' : name))
  return new Set(allTypes.filter((name) => names.includes(name)))
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const type = typeof value
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'object'
}
