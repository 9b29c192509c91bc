import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('source order', () => {
  test('enum values and union members come out in the order the source writes them', () => {
    const { schema, problems } = fixtures.parameters('source-order')
    expect(problems).toEqual([])
    const shape = (kind: string, size: string) => ({
      type: 'object',
      properties: { kind: { type: 'string', const: kind }, [size]: { type: 'number' } },
      required: ['kind', size],
      additionalProperties: false,
    })
    expect(schema['properties']).toEqual({
      state: { type: 'string', enum: ['open', 'closed', 'all'] },
      // The same union written the other way round is its own schema.
      reversed: { type: 'string', enum: ['all', 'closed', 'open'] },
      filter: { type: 'string', enum: ['open', 'closed', 'all'] },
      nums: { type: 'number', enum: [3, 1, 2] },
      priority: { type: 'string', enum: ['high', 'low', 'medium'] },
      mixed: { type: ['string', 'number'], enum: ['b', 2, 'a', 1] },
      nullable: { type: ['null', 'string'] },
      list: { type: 'array', items: { type: 'string', enum: ['z', 'a'] } },
      pair: { type: 'array', items: [{ type: 'string', enum: ['b', 'a'] }, { type: 'number', enum: [2, 1] }], minItems: 2, maxItems: 2, additionalItems: false },
      shapes: { type: 'array', items: { anyOf: [shape('circle', 'radius'), shape('square', 'side')] } },
    })
    const valid = { state: 'all', reversed: 'open', filter: 'closed', nums: 2, mixed: 1, nullable: null, list: ['z'], pair: ['a', 1], shapes: [{ kind: 'square', side: 1 }] }
    expectValidation(schema, [valid, { ...valid, priority: 'medium', nullable: 'x' }], [{ ...valid, state: 'shut' }, { ...valid, mixed: 'c' }, { ...valid, pair: [1, 'a'] }])
  })

  test('the order is the same whatever order the project was analysed in (T11)', () => {
    const files = ['source-order', 'object-union', 'object-union-circle', 'enums', 'literals', 'constructs', 'alias-docs', 'classes']
    const forward = files.map((file) => JSON.stringify(fixtures.parameters(file).schema))
    const other = loadSchemaFixtures()
    const backward = [...files].reverse().map((file) => JSON.stringify(other.parameters(file).schema)).reverse()
    expect(backward).toEqual(forward)
  })
})
