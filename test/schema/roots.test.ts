import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
const query = {
  type: 'object',
  properties: { text: { type: 'string', description: 'What to look for.' } },
  required: ['text'],
  additionalProperties: false,
}
const square = {
  type: 'object',
  properties: { kind: { type: 'string', const: 'square' }, side: { type: 'number' } },
  required: ['kind', 'side'],
  additionalProperties: false,
}
const circle = {
  type: 'object',
  properties: { kind: { type: 'string', const: 'circle' }, radius: { type: 'number' } },
  required: ['kind', 'radius'],
  additionalProperties: false,
}
const brief = (name: string, fn: string) => fixtures.parameters(name, fn).problems.map(({ code, severity, message }) => ({ code, severity, message }))

describe('the root of the parameters is always a record', () => {
  test('T | null and an optional parameter derive T', () => {
    for (const fn of ['nullable', 'optional']) {
      const { schema, problems } = fixtures.parameters('roots', fn)
      expect(problems).toEqual([])
      expect(schema).toEqual(query)
    }
    expectValidation(query, [{ text: 'x' }], [null, {}, { text: 1 }])
  })

  test('a union of object types is an object with anyOf, in written order, undefined dropped', () => {
    const { schema, problems } = fixtures.parameters('roots', 'union')
    expect(problems).toEqual([])
    expect(schema).toEqual({ type: 'object', anyOf: [square, circle] })
    expectValidation(schema, [{ kind: 'square', side: 1 }, { kind: 'circle', radius: 2 }], [{ kind: 'circle', side: 1 }, 'square', []])
  })

  test('unknown and object derive an open object', () => {
    for (const fn of ['opaque', 'anyObject']) {
      const { schema, problems } = fixtures.parameters('roots', fn)
      expect(problems).toEqual([])
      expect(schema).toEqual({ type: 'object' })
      expectValidation(schema, [{}, { any: [1] }], ['x', [], null])
    }
  })

  test('members that can never be a record are left out with a warning', () => {
    const { schema } = fixtures.parameters('roots', 'mixed')
    expect(schema).toEqual(query)
    expect(brief('roots', 'mixed')).toEqual([{ code: 'TC1006', severity: 'warning', message: 'string can never be a record of arguments; left out of the parameters' }])
  })

  test('a string or an array root stays TC1006; a Date root is its own T5 error only', () => {
    expect(brief('roots', 'text')).toEqual([{ code: 'TC1006', severity: 'error', message: 'parameters must be an object type, not string' }])
    expect(brief('roots', 'list')).toEqual([{ code: 'TC1006', severity: 'error', message: 'parameters must be an object type, not Query[]' }])
    expect(brief('roots', 'dated')).toEqual([{ code: 'TC1005', severity: 'error', message: 'Date is not a JSON type' }])
  })
})
