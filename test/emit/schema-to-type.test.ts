import { expect, test } from 'vitest'
import { schemaToType } from '../../src/emit/registry/schema-to-type.js'

const noRefs = (): undefined => undefined
const type = (schema: unknown): string => schemaToType(schema, noRefs)

test('primitives, literals and unions', () => {
  expect(type({ type: 'integer' })).toBe('number')
  expect(type({ type: ['string', 'null'] })).toBe('string | null')
  expect(type({ enum: ['a', 'b', 1] })).toBe('"a" | "b" | 1')
  expect(type({ const: true })).toBe('true')
  expect(type({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'number' } }] })).toBe('string | (readonly number[])')
  expect(type({ allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'number' } } }] })).toBe(
    '({ a: string }) & ({ b?: number })',
  )
  expect(type({})).toBe('unknown')
})

test('objects: required and optional members, quoted keys, index signatures, descriptions', () => {
  const schema = {
    type: 'object',
    properties: { 'first-name': { type: 'string', description: 'Given name, */ escaped' }, age: { type: 'number' } },
    required: ['first-name'],
    additionalProperties: false,
  }
  expect(type(schema)).toBe('{ /** Given name, *\\/ escaped */ "first-name": string; age?: number }')
  expect(type({ type: 'object', additionalProperties: { type: 'number' } })).toBe('{ [key: string]: number }')
  expect(type({ type: 'object', properties: {}, additionalProperties: false })).toBe('Record<string, never>')
})

test('draft-07 tuples with optional and rest elements', () => {
  expect(type({ type: 'array', items: [{ type: 'string' }, { type: 'number' }], minItems: 1, additionalItems: { type: 'boolean' } })).toBe(
    'readonly [string, number?, ...boolean[]]',
  )
})

test('local references resolve through the resolver', () => {
  const resolve = (ref: string): string | undefined => (ref === '#/$defs/Node' ? 'Node' : undefined)
  expect(schemaToType({ type: 'array', items: { $ref: '#/$defs/Node' } }, resolve)).toBe('readonly Node[]')
  expect(schemaToType({ $ref: '#/$defs/Missing' }, resolve)).toBe('unknown')
})
