import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('constructs real codebases use', () => {
  const { schema, problems } = fixtures.parameters('constructs')
  const properties = schema['properties'] as Record<string, unknown>
  const a = { type: 'object', properties: { bar: { type: 'number' } }, required: ['bar'], additionalProperties: false }
  const leaf = { type: 'object', properties: { value: { type: ['number', 'null'] } }, additionalProperties: false }

  test('no problems', () => {
    expect(problems).toEqual([])
  })

  test('an interface extending Array<T> or ReadonlyArray<T> is an array', () => {
    expect(properties['tags']).toEqual({ type: 'array', items: { type: 'string' } })
    expect(properties['scores']).toEqual({ type: 'array', items: { type: 'number' } })
  })

  test('object is any object, and only an object', () => {
    expect(properties['anything']).toEqual({ type: 'object' })
  })

  test('void as a type argument is null', () => {
    // TypeScript requires the member (`{}` is no `Box<void>`); its JSON value is null.
    expect(properties['box']).toEqual({ type: 'object', properties: { field: { type: 'null' } }, required: ['field'], additionalProperties: false })
  })

  test('an intersection of objects with index signatures keeps its properties, and each index signature holds for every key its member does not declare', () => {
    // As TypeScript has it: a value of `A & B & C` is a value of A, of B and of C.
    const indexB = { type: ['number', 'string'] }
    const indexC = { anyOf: [{ $ref: '#/$defs/A' }, { type: 'number' }] }
    expect(properties['value']).toEqual({
      type: 'object',
      properties: { bar: { allOf: [{ type: 'number' }, indexB, indexC] } },
      required: ['bar'],
      additionalProperties: { allOf: [indexB, indexC] },
    })
  })

  test('enums mixing string and number members keep every member, in declaration order', () => {
    // `maybeMixed?: Mixed` is `Mixed` too: one definition for both.
    expect(properties['mixed']).toEqual({ $ref: '#/$defs/Mixed' })
    expect(properties['maybeMixed']).toEqual({ $ref: '#/$defs/Mixed' })
    expect((schema['$defs'] as Record<string, unknown>)['Mixed']).toEqual({ type: ['number', 'string'], enum: [0, 'text', 2] })
  })

  test('recursive mapped and conditional types over unions and tuples terminate with $defs', () => {
    const defs = schema['$defs'] as Record<string, unknown>
    expect(properties['partial']).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, kids: { $ref: '#/$defs/Type' }, pair: { $ref: '#/$defs/Type_3' } },
      additionalProperties: false,
    })
    expect(defs['Type']).toEqual({ type: 'array', items: { anyOf: [{ $ref: '#/$defs/Type_2' }, leaf] } })
    expect(defs['Type_3']).toEqual({ type: 'array', items: [{ $ref: '#/$defs/Type_2' }, leaf], minItems: 0, maxItems: 2, additionalItems: false })
    const strictLeaf = { type: 'object', properties: { value: { type: 'number' } }, required: ['value'], additionalProperties: false }
    expect(properties['strict']).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, kids: { $ref: '#/$defs/Type_4' }, pair: { $ref: '#/$defs/Type_6' } },
      required: ['name', 'kids'],
      additionalProperties: false,
    })
    expect(defs['Type_6']).toEqual({ type: 'array', items: [{ $ref: '#/$defs/Type_5' }, strictLeaf], minItems: 2, maxItems: 2, additionalItems: false })
  })

  test('every value of the type passes, values outside it fail', () => {
    const tree = { name: 'r', kids: [{ value: 1 }], pair: [{ name: 'p', kids: [], pair: [{ name: 'q', kids: [] }, { value: 2 }] }, { value: 3 }] }
    const valid = {
      tags: ['a'], scores: [1], anything: { x: 1 }, box: { field: null }, value: { bar: 1, extra: 2 }, mixed: 'text',
      partial: { kids: [{}], pair: [{}] }, strict: { name: 'r', kids: [], pair: [{ name: 'p', kids: [{ value: 1 }], pair: [tree, { value: 4 }] }, { value: 5 }] },
    }
    expectValidation(schema, [valid, { ...valid, box: { field: null }, maybeMixed: 0, mixed: 2 }], [
      { ...valid, tags: 'a' }, { ...valid, anything: 'x' }, { ...valid, anything: [] }, { ...valid, box: { field: 1 } }, { ...valid, box: {} },
      { ...valid, value: { bar: 1, extra: true } }, { ...valid, value: { bar: 1, extra: 'x' } }, { ...valid, value: { bar: 1, other: { bar: 2 } } }, { ...valid, mixed: 1 }, { ...valid, partial: { kids: [{ value: 'x' }] } },
      { ...valid, strict: { ...valid.strict, kids: [{ value: null }] } }, { ...valid, strict: { name: 'r', kids: [], pair: [tree] } },
    ])
  })
})
