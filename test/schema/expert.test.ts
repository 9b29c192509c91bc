import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
// `fixtures/schema/expert.ts` is also derived on the native checker by test/backends/fixture-parity.test.ts.

describe('the schema an expert writes', () => {
  test("defaults written where execute destructures its parameter are the properties' defaults", () => {
    const { schema, problems } = fixtures.parameters('expert')
    expect(problems).toEqual([])
    expect(schema).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: 'number', default: 5 },
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
      },
      required: ['query'],
      additionalProperties: false,
    })
    // A renamed binding (`{ query: text, page = 1 }`) gives its default to the key.
    expect(fixtures.parameters('expert', 'renamed').schema['properties']).toEqual({ query: { type: 'string' }, page: { type: 'number', default: 1 } })
  })

  test('a destructuring default is checked against the schema like a @default: one the type refuses is an error and left out', () => {
    const { schema, problems } = fixtures.parameters('expert', 'refusedDefault')
    expect(schema['properties']).toEqual({ limit: { type: 'number', minimum: 0 } })
    expect(problems).toMatchObject([
      { code: 'TC1014', severity: 'error', message: 'limit: the destructuring default -1 is not a value of this type (minimum; expected >= 0; received -1); left out' },
    ])
  })

  test('tuple labels title their items, also through an alias', () => {
    const labelled = { type: 'array', items: [{ type: 'number', title: 'lat' }, { type: 'number', title: 'lng' }], minItems: 2, maxItems: 2, additionalItems: false }
    expect(fixtures.parameters('expert', 'labelled').schema['properties']).toEqual({
      at: labelled,
      corner: labelled,
      plain: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2, additionalItems: false },
    })
  })

  test('@example and @examples name each value once', () => {
    expect(fixtures.parameters('expert', 'examples').schema['properties']).toEqual({ query: { type: 'string', description: 'A search query.', examples: ['coffee', 'tea'] } })
  })

  test("a generic wrapper's JSDoc stays on its definition, never on the tool's root", () => {
    const paged = fixtures.parameters('expert', 'paged').schema
    expect(paged).toEqual({ type: 'object', properties: { query: { type: 'string' }, cursor: { type: 'string' } }, required: ['query'], additionalProperties: false })
    const twice = fixtures.parameters('expert', 'pagedTwice').schema
    expect(twice['properties']).toEqual({ first: { $ref: '#/$defs/Paginated' }, second: { $ref: '#/$defs/Paginated' } })
    expect((twice['$defs'] as Record<string, Record<string, unknown>>)['Paginated']?.['description']).toBe('Any listing that pages with a cursor.')
  })

  test('a recursive alias is referenced wherever it is used, optional or `| undefined`, never inlined beside its definition', () => {
    const { schema, problems } = fixtures.parameters('expert', 'json')
    expect(problems).toEqual([])
    const json = { $ref: '#/$defs/Json' }
    expect(schema).toEqual({
      type: 'object',
      properties: { value: json, list: { type: 'array', items: json }, maybe: json },
      required: ['list'],
      additionalProperties: false,
      $defs: {
        Json: {
          anyOf: [
            { type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' },
            { type: 'array', items: json }, { type: 'object', additionalProperties: json },
          ],
        },
      },
    })
    expectValidation(schema, [{ list: [1, 'a', [null, { k: [true] }]] }, { list: [], value: { a: { b: [1] } } }], [{ list: 'not a list' }, { value: 1 }, { list: [], value: { a: Symbol.iterator } }])
  })

  test('`any` parameters are the open object `{ type: "object" }` (the build warns, TC1016)', () => {
    expect(fixtures.parameters('expert', 'anything')).toEqual({ schema: { type: 'object' }, problems: [] })
  })
})
