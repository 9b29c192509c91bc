import { expect, test } from 'vitest'
import { admitsNoValue, typeLabel } from '../../../src/emit/html/page/schema-read.js'

const scope = { tool: 'x', defs: { Nothing: { not: {} } } }

test('an array of `never` reads as never[], an array that admits no item, not as any[]', () => {
  // `never[]` derives `{ type: 'array', items: { not: {} } }`; a schema without `type` is any.
  expect(typeLabel({ type: 'array', items: { not: {} } }, scope)).toBe('never[]')
  expect(typeLabel({ type: 'array', items: false }, scope)).toBe('never[]')
  expect(typeLabel({ type: 'array', items: {} }, scope)).toBe('any[]')
  expect(typeLabel({ not: {} }, scope)).toBe('never')
  expect(admitsNoValue({ not: {} })).toBe(true)
  expect(admitsNoValue(false)).toBe(true)
  expect(admitsNoValue({ not: { type: 'string' } })).toBe(false)
  expect(admitsNoValue({})).toBe(false)
})
