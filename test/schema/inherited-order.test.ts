import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
// `fixtures/schema/inherited-mapped.ts` and `derived-order.ts` are also derived on the native checker by
// test/backends/fixture-parity.test.ts, which requires the same schemas there.
const tenant = { type: 'string', description: 'Tenant id.', minLength: 3 }

describe('one order for mapped types over inherited members, on every checker', () => {
  test('Omit of an interface extending another, intersected with more: the inherited member first, as declared, then the rest', () => {
    const expected = {
      type: 'object',
      properties: { tenant, title: { type: 'string' }, x: { type: 'number' } },
      required: ['tenant', 'title'],
      additionalProperties: false,
    }
    const { schema, problems } = fixtures.parameters('inherited-mapped', 'omitWithExtra')
    expect(problems).toEqual([])
    expect(schema).toEqual(expected)
    expect(Object.keys(schema['properties'] as object)).toEqual(['tenant', 'title', 'x'])
    // The same type as an output.
    expect(fixtures.output('inherited-mapped', 'omitWithExtra')?.schema).toEqual(expected)
    expectValidation(schema, [{ tenant: 'acme', title: 't' }, { tenant: 'acme', title: 't', x: 1 }], [{ tenant: 'ac', title: 't' }, { title: 't' }, { tenant: 'acme', title: 't', internal: true }])
  })

  test.each([
    ['omitted', ['tenant', 'title'], ['tenant', 'title']],
    ['partial', ['tenant', 'title', 'internal'], []],
    ['required', ['tenant', 'title', 'internal'], ['tenant', 'title', 'internal']],
  ])('%s keeps the inherited member first with its JSDoc description and @minLength', (name, keys, required) => {
    const { schema, problems } = fixtures.parameters('inherited-mapped', name)
    expect(problems).toEqual([])
    expect(Object.keys(schema['properties'] as object)).toEqual(keys)
    expect((schema['properties'] as Record<string, unknown>)['tenant']).toEqual(tenant)
    expect(schema['required'] ?? []).toEqual(required)
  })

  test("Pick<Ticket, 'title' | 'tenant'> lists the keys as its key union writes them, the inherited one with its JSDoc description and @minLength", () => {
    const { schema, problems } = fixtures.parameters('inherited-mapped', 'picked')
    expect(problems).toEqual([])
    expect(Object.keys(schema['properties'] as object)).toEqual(['title', 'tenant'])
    expect((schema['properties'] as Record<string, unknown>)['tenant']).toEqual(tenant)
    expect(schema['required']).toEqual(['title', 'tenant'])
  })
})

describe('source order where a union is derived from values, keys or an optional member', () => {
  const avoid = { type: 'array', items: { type: 'string', enum: ['tolls', 'highways', 'ferries'] } }
  const levels = { type: 'string', enum: ['low', 'mid', 'high'] }
  const regions = { type: 'string', enum: ['eu', 'us', 'apac'] }

  test('an optional array of a literal union, (typeof LEVELS)[number] of an as-const array, keyof typeof an object', () => {
    const { schema, problems } = fixtures.parameters('derived-order')
    expect(problems).toEqual([])
    expect(schema).toEqual({
      type: 'object',
      properties: { avoid, avoidMaybe: avoid, level: levels, levelNamed: levels, region: regions },
      required: ['avoid', 'level', 'region'],
      additionalProperties: false,
    })
  })

  test('outputs keep the written order too', () => {
    const role = { type: 'string', enum: ['member', 'admin', 'owner'] }
    expect(fixtures.parameters('derived-order', 'profile').schema['properties']).toEqual({ role })
    expect(fixtures.output('derived-order', 'profile')?.schema).toEqual({
      type: 'object',
      properties: { role, avoid, moods: { type: 'array', items: { type: 'string', enum: ['calm', 'busy', 'away'] } }, region: regions },
      required: ['role', 'region'],
      additionalProperties: false,
    })
  })

  test('an inferred output keeps the order written where its values are declared (a destructured parameter, a variable)', () => {
    const role = { type: 'string', enum: ['member', 'admin', 'owner'] }
    expect(fixtures.output('derived-order', 'echoRole')?.schema).toEqual({
      type: 'object',
      properties: {
        mood: { type: 'string', enum: ['calm', 'busy', 'away'] },
        role,
        same: { type: 'object', properties: { kept: role }, required: ['kept'], additionalProperties: false },
      },
      required: ['mood', 'role', 'same'],
      additionalProperties: false,
    })
  })
})
