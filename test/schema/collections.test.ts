import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('arrays, tuples and records', () => {
  test('arrays, readonly arrays and nested arrays share one shape', () => {
    const { schema } = fixtures.parameters('arrays')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        ids: { type: 'array', items: { type: 'number' } },
        matrix: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        pairs: {
          type: 'array',
          items: {
            type: 'object',
            properties: { key: { type: 'string' }, value: { type: 'string' } },
            required: ['key', 'value'],
            additionalProperties: false,
          },
        },
      },
      required: ['tags', 'ids', 'matrix', 'pairs'],
      additionalProperties: false,
    })
    const valid = { tags: [], ids: [1], matrix: [[1, 2], []], pairs: [{ key: 'k', value: 'v' }] }
    expectValidation(schema, [valid], [{ ...valid, ids: ['1'] }, { ...valid, matrix: [1] }, { ...valid, pairs: [{ key: 'k' }] }])
  })

  test('tuples: positional items, optional elements lower minItems, a rest element opens the tail', () => {
    const { schema } = fixtures.parameters('tuples')
    const pair = [{ type: 'number' }, { type: 'number' }]
    expect(schema).toEqual({
      type: 'object',
      properties: {
        point: { type: 'array', items: pair, minItems: 2, maxItems: 2, additionalItems: false },
        // A labelled tuple titles each item with its label.
        range: { type: 'array', items: [{ type: 'number', title: 'start' }, { type: 'number', title: 'end' }], minItems: 1, maxItems: 2, additionalItems: false },
        command: { type: 'array', items: [{ type: 'string' }], minItems: 1, additionalItems: { type: 'string' } },
        frozen: { type: 'array', items: [{ type: 'boolean' }], minItems: 1, maxItems: 1, additionalItems: false },
      },
      required: ['point', 'range', 'command', 'frozen'],
      additionalProperties: false,
    })
    const valid = { point: [1, 2], range: [1], command: ['ls', '-l', '-a'], frozen: [true] }
    expectValidation(schema, [valid, { ...valid, range: [1, 5], command: ['ls'] }], [
      { ...valid, point: [1] }, { ...valid, point: [1, 2, 3] }, { ...valid, command: [] }, { ...valid, command: ['ls', 1] },
    ])
  })

  test('index signatures and Record<string, V> allow extra keys of V; literal-key Records list them', () => {
    const { schema } = fixtures.parameters('records')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        counts: { type: 'object', additionalProperties: { type: 'number' } },
        access: {
          type: 'object',
          properties: { read: { type: 'boolean' }, write: { type: 'boolean' } },
          required: ['read', 'write'],
          additionalProperties: false,
        },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        labelled: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: { type: 'string' } },
        byIndex: { type: 'object', additionalProperties: { type: 'boolean' } },
      },
      required: ['counts', 'access', 'headers', 'labelled', 'byIndex'],
      additionalProperties: false,
    })
    const valid = { counts: { a: 1 }, access: { read: true, write: false }, headers: {}, labelled: { id: 'x', more: 'y' }, byIndex: { 0: true } }
    expectValidation(schema, [valid], [
      { ...valid, counts: { a: 'one' } }, { ...valid, access: { read: true } }, { ...valid, labelled: { id: 'x', more: 1 } },
    ])
  })
})
