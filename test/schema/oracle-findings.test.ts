import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

// Each case is a disagreement the TypeScript oracle found between a derived schema and the checker
// (test/reliability/type-oracle.test.ts); the values are TypeScript's verdicts.
// test/backends/fixture-parity.test.ts derives them on the native checker too.
const fixtures = loadSchemaFixtures()
const derived = (name: string) => {
  const { schema, problems } = fixtures.parameters('oracle-findings', name)
  expect(problems).toEqual([])
  return { properties: schema['properties'] as Record<string, unknown>, schema }
}

describe('the schema holds what TypeScript holds', () => {
  test("an intersection member's index signature also holds for the keys the other members declare", () => {
    const { schema } = derived('indexedIntersection')
    // `Labelled & Flags`: `flag` must be a boolean and a string, so no value fits; `note` is a string either way.
    expectValidation(schema, [{ open: { label: 'a', note: 'n', more: 'x' } }], [{ both: { label: 'a', flag: true }, open: { label: 'a', note: 'n' } }, { open: { label: 'a', note: 'n', more: 1 } }])
  })

  test('an intersection TypeScript reduces to never admits no value', () => {
    const { properties, schema } = derived('reducedIntersection')
    expect(properties['tagged']).toEqual({ not: {} })
    expect(properties['listed']).toEqual({ not: {} })
    expectValidation(schema, [{ other: 'x' }], [{ other: 'x', tagged: {} }, { other: 'x', listed: {} }, { other: 'x', listed: { b: null } }])
  })

  test('an object with a required never member holds no value, and leaves a union', () => {
    const { properties, schema } = derived('neverMember')
    expect(properties['value']).toEqual({ type: 'string' })
    expectValidation(schema, [{ value: 'a' }], [{ value: { keep: 1 } }, { value: {} }])
  })

  test('a tuple with no fixed element is a valid draft-07 schema: [] holds no item, [...T[]] is T[]', () => {
    const { properties, schema } = derived('emptyTuples')
    expect(properties['none']).toEqual({ type: 'array', maxItems: 0 })
    expect(properties['rest']).toEqual({ type: 'array', items: { type: 'number' } })
    expectValidation(schema, [{ none: [], rest: [1, 2], labelled: ['a'] }, { none: [], rest: [], labelled: [] }], [{ none: [1], rest: [], labelled: [] }, { none: [], rest: ['a'], labelled: [] }])
  })

  test('a key one intersection member declares as an object and another as a string literal holds the string, as TypeScript has it', () => {
    const { schema } = derived('brandedSharedKey')
    // TypeScript assigns `{ x: 'ok', y: 'ok' }` and refuses `{ y: null }`, `{ y: {} }` and `{ y: 'no' }`.
    expectValidation(schema, [{ x: 'ok', y: 'ok' }], [{ x: 'ok', y: null }, { x: 'ok', y: {} }, { x: 'ok', y: 'no' }, { x: {}, y: 'ok' }])
    // With an object type that requires a key, TypeScript's `'ok' & { kind: 'line' }` holds no value (a string has no `kind`).
    const required = derived('requiredSharedKey').schema
    expectValidation(required, [{}], [{ z: 'ok' }, { z: { kind: 'line' } }, { z: null }])
  })

  test('a key several intersection members declare holds every member\'s type, not only the first one\'s', () => {
    const { schema } = derived('sharedKey')
    expectValidation(schema, [{ narrowed: { kind: 'a' } }], [{ narrowed: { kind: 'c' } }, { narrowed: { kind: 'a' }, clash: { kind: 'x' } }, { narrowed: { kind: 'a' }, clash: { kind: [1] } }])
  })
})
