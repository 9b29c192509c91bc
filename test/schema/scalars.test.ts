import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('primitives, literals, enums and template literals', () => {
  test('primitives map to their JSON type; unknown and any accept anything', () => {
    const { schema, problems } = fixtures.parameters('primitives')
    expect(problems).toEqual([])
    expect(schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' }, count: { type: 'number' }, enabled: { type: 'boolean' },
        nothing: { type: 'null' }, anything: {}, whatever: {},
      },
      required: ['name', 'count', 'enabled', 'nothing', 'anything', 'whatever'],
      additionalProperties: false,
    })
    const valid = { name: 'a', count: 1, enabled: false, nothing: null, anything: [1], whatever: 'x' }
    expectValidation(schema, [valid], [{ ...valid, count: '1' }, { ...valid, enabled: 'true' }, { ...valid, extra: 1 }])
  })

  test('literal unions become sorted enums, nullable types a type array, boolean stays boolean', () => {
    const { schema } = fixtures.parameters('literals')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        mode: { type: 'string', const: 'fast' },
        level: { type: 'number', const: 3 },
        strict: { type: 'boolean', const: true },
        order: { type: 'string', enum: ['asc', 'desc'] },
        size: { type: 'number', enum: [1, 2, 3] },
        label: { type: ['string', 'null'] },
        tag: { type: ['string', 'null'], enum: ['a', 'b', null] },
        flag: { type: 'boolean' },
        id: { type: ['string', 'number'] },
      },
      required: ['mode', 'level', 'strict', 'order', 'label', 'id'],
      additionalProperties: false,
    })
    const valid = { mode: 'fast', level: 3, strict: true, order: 'asc', label: null, id: 7 }
    expectValidation(schema, [valid, { ...valid, size: 2, tag: null, flag: false, label: 'x', id: 'x' }], [
      { ...valid, mode: 'slow' }, { ...valid, size: 4 }, { ...valid, tag: 'c' }, { ...valid, strict: false }, { mode: 'fast' },
    ])
  })

  test('string and numeric enums list their values in declaration order', () => {
    const { schema } = fixtures.parameters('enums')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        // `accent?: Color` is `Color` too: a named type used twice is one definition.
        color: { $ref: '#/$defs/Color' },
        level: { type: 'number', enum: [0, 10] },
        accent: { $ref: '#/$defs/Color' },
        green: { type: 'string', const: 'green' },
      },
      required: ['color', 'level', 'green'],
      additionalProperties: false,
      $defs: { Color: { type: 'string', enum: ['red', 'green'] } },
    })
    expectValidation(schema, [{ color: 'red', level: 10, green: 'green' }], [{ color: 'blue', level: 10, green: 'green' }, { color: 'red', level: 1, green: 'green' }])
  })

  test('template literal types become anchored patterns', () => {
    const { schema } = fixtures.parameters('template-literal')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^user-(?:\\s+|\\s*(?:[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|0[xX][\\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)\\s*)$', $comment: 'template literal type `user-${number}`' },
        route: { type: 'string', pattern: '^\\/[\\s\\S]*$', $comment: 'template literal type `/${string}`' },
        size: { anyOf: [{ type: 'string', pattern: '^m:-?(?:0|[1-9]\\d*|0[xX][\\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)$', $comment: 'template literal type `m:${bigint}`' }, { type: 'string', pattern: '^s:-?(?:0|[1-9]\\d*|0[xX][\\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)$', $comment: 'template literal type `s:${bigint}`' }] },
      },
      required: ['id', 'route', 'size'],
      additionalProperties: false,
    })
    // `${string}` is any string, one with a line break too.
    expectValidation(schema, [{ id: 'user-42', route: '/a/b', size: 'm:3' }, { id: 'user-42', route: '/a\nb\r\u2028', size: 'm:3' }], [
      { id: 'user-x', route: '/a', size: 'm:3' }, { id: 'user-1', route: 'a', size: 'm:3' }, { id: 'user-1', route: '/', size: 'l:3' },
    ])
  })
})
