import { describe, expect, test } from 'vitest'
import { templatePattern } from '../../src/schema/units/template-pattern.js'
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

  test("a key one intersection member declares as a primitive holds the primitive where another member's index signature holds an object type of optional keys", () => {
    const { schema } = derived('indexedBrandedKey')
    // TypeScript (the value as its own type) assigns `kind: 'a'` and `size: 2.5`, where `'a' & { note?: string }` is the branded string.
    expectValidation(schema, [{ v: { kind: 'a', size: 2.5 } }, { v: { kind: 'a', size: 1, more: { note: 'n' } } }], [{ v: { kind: 'b', size: 1 } }, { v: { kind: 'a', size: {} } }, { v: { kind: 'a' } }, { v: { kind: 'a', size: 1, more: 'x' } }])
    // The other way round TypeScript also checks the value against the declared `{ one?: null }` alone, which no string shares a key with.
    expectValidation(derived('weakDeclaredKey').schema, [{ v: {} }], [{ v: { a: 'ok' } }, { v: { a: {} } }, { v: { a: { one: null } } }])
  })

  test('a primitive and an object type with an index signature hold no value together', () => {
    const { schema } = derived('indexSignatureBrand')
    // TypeScript refuses every `b` sent: `boolean & Record<string, string>` and `boolean & null` hold nothing, so `b` may only be left out.
    expectValidation(schema, [{ flag: {} }], [{ flag: { b: true } }, { flag: { b: {} } }, { flag: { b: null } }])
  })

  test("a class field's initialiser is no default through an intersection", () => {
    const { schema } = derived('initialisedIntersection')
    // `size` is `(number | null) & string`: TypeScript requires it and no value fits, so no value of the whole fits.
    expectValidation(schema, [], [{ v: {} }, { v: { size: 1 } }, { v: { size: 'a' } }, { v: { label: 'b' } }])
  })

  test("a mapped type of a data class keeps none of its initialisers as defaults: its members are what TypeScript makes them", () => {
    // Before, `b = 'a'` was the default of a `string[]` member (an error) and `b` could be left out.
    const { properties, schema } = derived('mappedClass')
    expect(properties['w']).toEqual({ type: 'object', properties: { b: { type: 'string' }, a: { type: 'boolean' } }, required: ['b'], additionalProperties: false })
    expectValidation(schema, [{ v: { b: ['x'] }, w: { b: 'x' } }, { v: { b: [], a: [true] }, w: { b: '', a: false } }], [{ v: {}, w: { b: 'x' } }, { v: { b: ['x'] }, w: {} }, { v: { b: 'a' }, w: { b: 'x' } }])
  })

  test('a key two intersection members declare as object types holds their intersection, not each closed member schema', () => {
    const { schema } = derived('objectSharedKey')
    const v = { p: { a: '1', b: '2' } }
    // TypeScript assigns `{ a, b }`, and of `(sq | ci) & (sq' | null)` only `sq & sq'`.
    expectValidation(schema, [{ v }, { v, w: { p: { kind: 'sq', x: false } } }], [{ v: { p: { a: '1' } } }, { v, w: { p: { kind: 'ci', r: 1 } } }, { v, w: { p: null } }, { v, w: { p: { kind: 'sq' } } }])
  })

  test("a template literal index signature's keys hold its value, as patternProperties", () => {
    const { properties, schema } = derived('templateIndexSignature')
    expect(properties['v']).toMatchObject({ properties: { get_kind: { type: 'null' } }, patternProperties: { [templatePattern(['get_', ''], ['string'])]: { type: 'null' } }, additionalProperties: false })
    // TypeScript refuses `get_x: 1`, and any `id` of `w`: `string & { [key: `get_${string}`]: null }` holds nothing.
    expectValidation(schema, [{ v: { get_x: null, get_kind: null } }, { v: {} }], [{ v: { get_x: 1 } }, { v: {}, w: { id: '' } }, { v: {}, w: { id: {} } }])
  })

  test('an array and an object type of optional keys is the array; with a required key it holds nothing', () => {
    const { schema } = derived('arrayAndObject')
    // TypeScript assigns `k: ['a']` (`Annotated & string[]`) and refuses `null`, `{}` and any `w` (an array has no `label`).
    expectValidation(schema, [{ v: { k: ['a'] } }, { v: { k: [] } }], [{ v: { k: null } }, { v: { k: {} } }, { v: { k: [] }, w: ['a'] }])
  })

  test("a key one member declares as an object type where another's index signature holds an object type holds one object taking the keys of both", () => {
    const { schema } = derived('indexedObjectKey')
    // `(Record<string, null> | null) & NullableNote`: TypeScript assigns `{ b: null, k: null }` and refuses `b: 'x'`, `{}`, `null` and `k: 1`.
    expectValidation(schema, [{ v: { kind: { b: null, k: null } } }, { v: { kind: { b: null } } }], [{ v: { kind: { b: 'x' } } }, { v: { kind: {} } }, { v: { kind: null } }, { v: { kind: { b: null, k: 1 } } }])
  })

  test("a key one member declares as an object type of optional keys only where another's index signature holds an object type holds their merge, sharing a key with the declared type", () => {
    const { schema } = derived('weakIndexedObjectKey')
    // Oracle seed 9. TypeScript (the value as its own type) assigns `a: { id, a, k }`: `id` and `k` are the
    // index signature's, and `a` the key shared with `OptionalLabels`; it refuses `a: { id, k }`, which
    // shares none (TS2559), and a missing `id`. An index signature's weak type (`{ two?: string }`) is not
    // checked so: `w.a: { one }` is assigned, `w.a: { two }` is not (it shares no key with `{ one?: string }`).
    const v = (a: unknown) => ({ a })
    expectValidation(
      schema,
      [{ v: v({ id: 'text', a: 'a', k: '' }) }, { v: v({ id: '', x: 'x y' }) }, { v: v({ id: '', a: 'a' }), w: { a: { one: 'x' } } }, { v: v({ id: '', b: '' }), w: { a: {} } }, { v: v({ id: '', b: '' }), w: { a: { one: '', two: '' } } }],
      [{ v: v({ id: 'text', k: '' }) }, { v: v({ a: 'a' }) }, { v: v({ id: '', a: true }) }, { v: v({ id: '', x: 'x' }) }, { v: v({ id: '', a: 'a' }), w: { a: { two: 'x' } } }, { v: v({ id: '', a: 'a' }), w: { a: { one: 1 } } }],
    )
  })

  test('keys no member declares hold the merge of the index signatures\' object types', () => {
    const { schema } = derived('mergedIndexSignatureObjects')
    // Checked with TypeScript 7: `{ x: { id } }` and `{ x: { id, a } }` are assigned; a missing `id`, or a
    // key of the wrong type, is not. An allOf of the two closed object schemas refused every value with a key.
    expectValidation(
      schema,
      [{ v: { x: { id: '' } } }, { v: { x: { id: '', a: 'y' }, y: { id: 'z' } } }, { v: {} }],
      [{ v: { x: { a: 'y' } } }, { v: { x: { id: 1 } } }, { v: { x: { id: '', a: 2 } } }],
    )
  })
})

