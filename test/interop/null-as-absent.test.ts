import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import { expect, test } from 'vitest'
import { nullsToAbsent } from '../../src/interop/null-as-absent.js'
import { fixtureTool } from './rich-catalog.js'

const ajv = new Ajv({ strict: false })
formats.default(ajv)

test('strict-mode nulls for omitted optionals become absent, at every depth, and then validate', () => {
  const schema = fixtureTool('create_user').parameters
  const sent = { email: 'ada@example.com', name: 'Ada', role: null, kind: 'person', address: { street: 'Main', zip: null }, nickname: null }
  expect(ajv.validate(schema, sent)).toBe(false)
  const args = nullsToAbsent(schema, sent)
  expect(args).toEqual({ email: 'ada@example.com', name: 'Ada', kind: 'person', address: { street: 'Main' }, nickname: null })
  expect(ajv.validate(schema, args)).toBe(true)
})

test('follows $refs into $defs and array items', () => {
  const schema = fixtureTool('tree_sum').parameters
  const sent = { tree: { value: 1, children: [{ value: 2, children: null }, { value: 3, children: [] }] } }
  expect(nullsToAbsent(schema, sent)).toEqual({ tree: { value: 1, children: [{ value: 2 }, { value: 3, children: [] }] } })
})

test('keeps a null the schema asks for or accepts, and leaves unknown keys and the input alone', () => {
  const schema = fixtureTool('create_user').parameters
  const sent = Object.freeze({ email: null, extra: null, nickname: null })
  expect(nullsToAbsent(schema, sent)).toEqual({ email: null, extra: null, nickname: null })
})
