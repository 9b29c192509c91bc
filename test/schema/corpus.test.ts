import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
// Constructs of ts-json-schema-generator's test corpus, in fixtures of our own (`fixtures/schema/corpus-cases.ts`);
// test/backends/fixture-parity.test.ts derives them on the native checker too.
const properties = (name: string) => {
  const { schema, problems } = fixtures.parameters('corpus-cases', name)
  return { properties: schema['properties'] as Record<string, unknown>, schema, problems }
}

describe("the reachable constructs of ts-json-schema-generator's corpus", () => {
  test('`| null` beside a named definition: an array of it is one type array, the definition itself stays a reference', () => {
    const { properties: found, schema, problems } = properties('nullableDefinitions')
    expect(problems).toEqual([])
    const stop = { $ref: '#/$defs/Stop' }
    expect(found).toEqual({
      stops: { type: ['array', 'null'], items: stop },
      first: { anyOf: [stop, { type: 'null' }] },
      last: { anyOf: [stop, { type: 'null' }] },
    })
    expectValidation(schema, [{ first: null }, { first: { label: 'a' }, stops: null, last: null }, { first: null, stops: [{ label: 'b' }] }], [{ first: null, stops: [null] }, { stops: [] }])
  })

  test('an enum mixing numbers, a string, `true` and `null` keeps every value in declaration order', () => {
    const { properties: found } = properties('mixedEnum')
    expect(found['signal']).toMatchObject({ type: ['number', 'boolean', 'string', 'null'], enum: [0, 1, true, 'named', null] })
  })

  test('a generic whose argument is void: the member is a required null', () => {
    const { properties: found, schema } = properties('voidArgument')
    expect(found['slot']).toEqual({ type: 'object', properties: { held: { type: 'null' } }, required: ['held'], additionalProperties: false })
    expectValidation(schema, [{ slot: { held: null } }], [{ slot: {} }, { slot: { held: 0 } }])
  })

  test('JSDoc through conditional types: the alias a conditional or Exclude leaves, the generic conditional alias, the property own words first', () => {
    const { properties: found, schema } = properties('conditionalDocs')
    const countOrWord = { $ref: '#/$defs/CountOrWord' }
    expect(found).toEqual({
      plain: countOrWord,
      described: { ...countOrWord, description: 'Its own words' },
      generic: { type: 'number', description: 'Keeps what is not a string.' },
      documented: { type: 'number', description: 'Without text' },
      genericDescribed: { type: 'number', description: 'Its own words again' },
      documentedDescribed: { type: 'number', description: 'Its own words once more' },
      excluded: countOrWord,
      withoutNumbers: { type: 'string', description: 'Count or word', pattern: '^[a-z0-9]+$' },
      withoutFlags: countOrWord,
    })
    // The union keeps the order its alias writes, whichever use reached it first.
    expect(schema['$defs']).toEqual({ CountOrWord: { description: 'Count or word', pattern: '^[a-z0-9]+$', type: ['number', 'string'] } })
  })

  test('`@nullable` on a member whose type has no null is a warning, and the schema follows the type', () => {
    // ts-json-schema-generator adds `null` there; the registry would then hand the handler a value outside its type.
    const { properties: found, schema, problems } = properties('nullableDefinition')
    const definition = { $ref: '#/$defs/Definition' }
    expect(found).toEqual({ optional: { type: 'array', items: definition }, both: { type: ['array', 'null'], items: definition } })
    expect(problems.map((problem) => `${problem.code} ${problem.message}`)).toEqual([
      'TC1014 optional: @nullable does not apply to an array: the type does not admit null, and the schema follows the type; left out',
    ])
    expectValidation(schema, [{}, { both: null }, { optional: [{ name: 'a' }] }], [{ optional: null }])
  })

  test('a recursive Exclude over a deep union leaves only what can hold a value', () => {
    // `{ keep: number; drop: never }` holds no value (TypeScript refuses `{ keep: 1 }`: `drop` is
    // missing, and nothing can be sent for it): only the number remains, as with the tuple below.
    const { properties: found, schema } = properties('deepExclude')
    expect(found['value']).toEqual({ type: 'number' })
    expectValidation(schema, [{ value: 3 }], [{ value: { keep: 1 } }, { value: { keep: 1, drop: {} } }])
    // A tuple whose only element is excluded can hold nothing: only the number remains.
    expect(properties('deepExcludeTuple').properties['value']).toEqual({ type: 'number' })
  })
})
