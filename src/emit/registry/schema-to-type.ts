import type { JsonSchema } from '../../runtime/types.js'
import { isIdentifierName } from '../../identifier-name.js'
import { jsdoc, stringLiteral, valueLiteral } from '../shared/literals.js'

/** Resolves a local `$ref` (`#/$defs/Name`) to the name of the type declared for it. */
export type RefResolver = (ref: string) => string | undefined

/**
 * Renders a JSON Schema as a TypeScript type expression: the type of the values the schema
 * accepts after validation. Keywords without a type-level meaning (formats, bounds, patterns)
 * widen to their base type; anything unrecognised becomes `unknown`, never a wrong narrow type.
 */
export function schemaToType(schema: unknown, resolve: RefResolver): string {
  if (schema === true) return 'unknown'
  if (schema === false) return 'never'
  if (!isSchema(schema)) return 'unknown'
  if (typeof schema.$ref === 'string') return resolve(schema.$ref) ?? 'unknown'
  if ('const' in schema) return valueLiteral(schema.const)
  if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => valueLiteral(value)))
  const variants = schema.anyOf ?? schema.oneOf
  if (Array.isArray(variants)) return union(variants.map((variant) => schemaToType(variant, resolve)))
  if (Array.isArray(schema.allOf)) return schema.allOf.map((part) => wrap(schemaToType(part, resolve))).join(' & ') || 'unknown'
  if (Array.isArray(schema.type)) return union(schema.type.map((type) => typeOf(schema, type, resolve)))
  if (typeof schema.type === 'string') return typeOf(schema, schema.type, resolve)
  if (isSchema(schema.properties)) return objectType(schema, resolve)
  return 'unknown'
}

function typeOf(schema: JsonSchema, type: unknown, resolve: RefResolver): string {
  switch (type) {
    case 'string':
    case 'boolean':
    case 'null':
      return type
    case 'number':
    case 'integer':
      return 'number'
    case 'array':
      return arrayType(schema, resolve)
    case 'object':
      return objectType(schema, resolve)
    default:
      return 'unknown'
  }
}

function arrayType(schema: JsonSchema, resolve: RefResolver): string {
  if (!Array.isArray(schema.items)) return `readonly ${wrap(schemaToType(schema.items ?? true, resolve))}[]`
  // Draft-07 tuple: positional `items`, the first `minItems` required, `additionalItems` as the rest.
  const required = typeof schema.minItems === 'number' ? schema.minItems : schema.items.length
  const elements = schema.items.map((item, index) => `${schemaToType(item, resolve)}${index < required ? '' : '?'}`)
  if (schema.additionalItems !== undefined && schema.additionalItems !== false) {
    elements.push(`...${wrap(schemaToType(schema.additionalItems, resolve))}[]`)
  }
  return `readonly [${elements.join(', ')}]`
}

function objectType(schema: JsonSchema, resolve: RefResolver): string {
  const properties = isSchema(schema.properties) ? Object.entries(schema.properties) : []
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const members = properties.map(([key, property]) => {
    const optional = required.has(key) ? '' : '?'
    const doc = isSchema(property) && typeof property.description === 'string' ? jsdoc(property.description).replace(/\n$/, ' ') : ''
    return `${doc}${propertyKey(key)}${optional}: ${schemaToType(property, resolve)}`
  })
  const rest = schema.additionalProperties
  // An index signature must admit every declared property's type, hence `unknown` beside properties.
  if (rest === true) members.push('[key: string]: unknown')
  else if (isSchema(rest)) members.push(`[key: string]: ${properties.length > 0 ? 'unknown' : schemaToType(rest, resolve)}`)
  return members.length === 0 ? (rest === false ? 'Record<string, never>' : 'object') : `{ ${members.join('; ')} }`
}

function propertyKey(key: string): string {
  return isIdentifierName(key) ? key : stringLiteral(key)
}

function union(types: readonly string[]): string {
  const distinct = [...new Set(types)]
  return distinct.length === 0 ? 'never' : distinct.map(wrap).join(' | ')
}

/** Parenthesises a type unless it is a name or a literal, for use as an operand of `|`, `&` or `[]`. */
export function wrap(type: string): string {
  return /^[\w$.-]+$|^"(?:[^"\\]|\\.)*"$/.test(type) ? type : `(${type})`
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
