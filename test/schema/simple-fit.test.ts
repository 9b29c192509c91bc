import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { simpleFit } from '../../src/schema/simple-fit.js'

// The same options as the value checks' own ajv (src/schema/value-checks.ts).
const ajv = new Ajv({ strict: false, validateSchema: false, unicodeRegExp: true, allErrors: false })

const values: unknown[] = [0, -0, 1, 2, 1.5, -3, 1e300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '', '1', 'a', true, false, null]

const answered: object[] = [
  { type: 'string' },
  { type: 'number' },
  { type: 'integer' },
  { type: 'boolean' },
  { type: 'null' },
  { description: 'Minimum level to include.', type: 'number', enum: [0, 1, 2, 3] },
  { type: 'string', enum: ['a', 'b'] },
  { enum: [1, 'a', null, false] },
  { type: 'integer', enum: [1.5, 2] },
  { const: 'a', title: 'A' },
  { const: 1, type: 'string' },
  { description: 'anything', default: 3, examples: [1] },
]

describe('JSDoc values checked without ajv', () => {
  test.each(answered.map((schema) => [JSON.stringify(schema), schema] as const))('%s: every primitive value gets the answer ajv gives', (_, schema) => {
    const validate = ajv.compile(schema)
    for (const value of values) expect([value, simpleFit(schema, value)]).toEqual([value, validate(value)])
  })

  test('other schemas, and values that are not primitives, are left to ajv', () => {
    const left: object[] = [{ type: ['string', 'null'] }, { type: 'number', minimum: 1 }, { type: 'string', format: 'email' }, { enum: [{ a: 1 }] }, { const: [1] }, { anyOf: [{ type: 'string' }] }, { type: 'object' }]
    for (const schema of left) expect(simpleFit(schema, 1)).toBeUndefined()
    expect(simpleFit({ type: 'object' }, { a: 1 })).toBeUndefined()
    expect(simpleFit({ type: 'array' }, [])).toBeUndefined()
  })
})
