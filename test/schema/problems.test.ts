import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('T5 and non-object parameters', () => {
  test('every non-JSON member is reported at its property with its path and a hint, and becomes {}', () => {
    const { schema, problems } = fixtures.parameters('non-json')
    expect(problems.map(({ code, path, hint, node }) => ({ code, path, hint, line: node.getStartLineNumber() }))).toEqual([
      { code: 'TC1005', path: 'filters.since', hint: 'use `string` with `@format date-time`', line: 8 },
      { code: 'TC1005', path: 'filters.seen', hint: 'use an array with `@uniqueItems`', line: 9 },
      { code: 'TC1005', path: 'lookup', hint: 'use `Record<string, V>`', line: 11 },
      { code: 'TC1005', path: 'big', hint: 'use `number`, or `string` with `@pattern ^-?\\d+$`', line: 12 },
      { code: 'TC1005', path: 'key', hint: 'use a string literal union', line: 13 },
      { code: 'TC1005', path: 'callback', hint: 'pass data, not code: remove the member or name the action with a string literal', line: 14 },
      { code: 'TC1005', path: 'session', hint: 'arguments arrive as plain JSON objects, so `instanceof` and methods never hold for them: declare an interface, or a class with public fields only', line: 15 },
      { code: 'TC1005', path: 'pending', hint: 'take the resolved value instead; a Promise cannot travel as JSON', line: 16 },
      { code: 'TC1005', path: 'dates[]', hint: 'use `string` with `@format date-time`', line: 17 },
    ])
    expect(problems.map((problem) => problem.message)).toContain('session: class Session is more than data: method refresh()')
    expect(schema['properties']).toMatchObject({ filters: { properties: { since: {}, seen: {} } }, lookup: {}, dates: { type: 'array', items: {} } })
    const stand = { filters: { since: 'x', seen: [] }, lookup: {}, big: 1, key: 'k', callback: null, session: { id: 'a' }, pending: 1, dates: [] }
    expectValidation(schema, [stand], [{ ...stand, filters: {} }])
  })

  test('a parameter that is not an object is reported at the parameter', () => {
    const { schema, problems } = fixtures.parameters('non-object')
    expect(schema).toEqual({ type: 'object' })
    expect(problems.map(({ code, path, message, node }) => ({ code, path, message, text: node.getText() }))).toEqual([
      { code: 'TC1006', path: '', message: 'parameters must be an object type, not string', text: 'query: string' },
    ])
  })

  test('execute() without a parameter takes an empty closed object', () => {
    const { schema, problems } = fixtures.parameters('no-parameter')
    expect(problems).toEqual([])
    expect(schema).toEqual({ type: 'object', properties: {}, additionalProperties: false })
    expectValidation(schema, [{}], [{ surprise: 1 }])
  })
})
