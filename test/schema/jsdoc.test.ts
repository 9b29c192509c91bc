import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
const email = { type: 'string', description: 'An email address.', format: 'email' }

describe('JSDoc on type aliases', () => {
  test('reaches every property typed with the alias, also through generic and conditional aliases; a property’s own JSDoc wins; integer tags', () => {
    const { schema, problems } = fixtures.parameters('alias-docs')
    expect(problems).toEqual([])
    expect(schema['properties']).toEqual({
      email,
      work: { ...email, description: 'Work email.' },
      mine: { ...email, description: 'Own description wins.' },
      list: { type: 'array', items: email },
      offset: { type: 'number', minimum: 0 },
      count: { type: 'integer', description: 'A positive count.', minimum: 1 },
      backup: { anyOf: [email, { type: 'null' }] },
      price: { type: 'integer', description: 'Cents, never fractions.' },
      level: { type: 'integer' },
      pages: { type: ['integer', 'null'] },
    })
    const valid = { email: 'a@b.co', work: 'w@b.co', mine: 'm@b.co', list: ['l@b.co'], offset: 0, count: 1, backup: null, price: 199, level: 3, pages: null }
    expectValidation(schema, [valid, { ...valid, backup: 'b@b.co', pages: 12 }], [
      { ...valid, email: 'nope' }, { ...valid, list: ['nope'] }, { ...valid, offset: -1 }, { ...valid, count: 1.5 }, { ...valid, count: 0 },
      { ...valid, price: 19.99 }, { ...valid, level: 0.5 }, { ...valid, pages: 1.5 }, { ...valid, backup: 'nope' },
    ])
  })
})

describe('JSDoc values', () => {
  test('JSON, else a JavaScript literal, else text; @readOnly, @writeOnly; @description as generators write it', () => {
    const { schema, problems } = fixtures.parameters('jsdoc-values')
    expect(problems).toEqual([])
    expect(schema['properties']).toEqual({
      display: {
        type: 'object',
        properties: { unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, digits: { type: 'number' } },
        required: ['unit', 'digits'],
        additionalProperties: false,
        default: { unit: 'celsius', digits: 1 },
      },
      offset: { type: 'number', default: -5 },
      tags: { type: 'array', items: { type: 'string' }, examples: [['a'], ['b', 'c']] },
      label: { type: 'string', examples: ['single quoted'] },
      parent: { type: ['string', 'null'], default: null },
      on: { type: 'boolean', default: true },
      // `123` reads as a number, which a string refuses: the text is the value.
      code: { type: 'string', default: '123' },
      count: { type: 'number', examples: [3, 4] },
      id: { type: 'string', readOnly: true },
      password: { type: 'string', writeOnly: true },
      described: { type: 'string', description: 'The tag is the description.' },
      both: { type: 'string', description: 'The tag wins.' },
      at: { type: 'string', description: 'When it happened.', format: 'date-time' },
      ref: { type: 'string', format: 'uuid' },
      meta: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1, maxProperties: 2 },
    })
    expectValidation(schema, [{}, { at: '2024-01-01T00:00:00Z', ref: '0b0e7d52-4a8a-4b8e-9a47-5d4a7e0f1c2d', meta: { a: 'x' } }], [
      { at: 'noon' }, { ref: 'x' }, { meta: {} }, { meta: { a: 'x', b: 'y', c: 'z' } }, { offset: 'far' },
    ])
  })
})

describe('JSDoc that is checked', () => {
  test('typos, inapplicable keywords and unknown formats are warnings and left out; refused defaults and examples are errors', () => {
    const { schema, problems } = fixtures.parameters('jsdoc-checked')
    const keywordHint = 'move the tag to a property of that type, or remove it'
    expect(problems.map(({ severity, code, path, message, hint, node }) => ({ severity, code, path, message, hint, line: node.getStartLineNumber() }))).toEqual([
      { severity: 'warning', code: 'TC1014', path: 'a', message: 'a: unknown tag @maximun: did you mean @maximum?', hint: '@maximun is not a schema tag and is left out', line: 3 },
      { severity: 'warning', code: 'TC1014', path: 'b', message: 'b: unknown tag @minLenght: did you mean @minLength?', hint: '@minLenght is not a schema tag and is left out', line: 5 },
      { severity: 'warning', code: 'TC1014', path: 'c', message: 'c: unknown tag @min: did you mean @minimum?', hint: '@min is not a schema tag and is left out', line: 7 },
      { severity: 'warning', code: 'TC1014', path: 'e', message: 'e: @minLength does not apply to a number (it constrains strings); left out', hint: keywordHint, line: 19 },
      { severity: 'warning', code: 'TC1014', path: 'f', message: 'f: @format email does not apply to a number (it constrains strings); left out', hint: keywordHint, line: 21 },
      { severity: 'warning', code: 'TC1014', path: 'i', message: "i: unknown format 'emial'; left out of the schema", hint: expect.stringMatching(/^use a format the validator knows: date, time, date-time, .*email/), line: 27 },
      { severity: 'error', code: 'TC1014', path: 'g', message: 'g: @default "abc" is not a value of this type (type; expected number; received "abc"); left out', hint: 'give a default the type accepts, or remove it', line: 23 },
      { severity: 'error', code: 'TC1014', path: 'h', message: 'h: @default "c" is not a value of this type (enum; expected one of ["a","b"]; received "c"); left out', hint: 'give a default the type accepts, or remove it', line: 25 },
      { severity: 'error', code: 'TC1014', path: 'j', message: 'j: @examples "two" is not a value of this type (type; expected number; received "two"); left out', hint: 'give an example the type accepts, or remove it', line: 29 },
      { severity: 'error', code: 'TC1014', path: 'k', message: 'k: @default 3 is not a value of this type (minimum; expected >= 5; received 3); left out', hint: 'give a default the type accepts, or remove it', line: 31 },
      { severity: 'warning', code: 'TC1014', path: 'l', message: `l: @example "execute({ city: 'Lyon' })" is not a value of this type (type; expected number; received "execute({ city: 'Lyon' })"); left out`, hint: 'give an example the type accepts, or remove it', line: 33 },
    ])
    // Standard and unrelated tags (d) say nothing; everything refused is left out of the schema.
    expect(schema['properties']).toEqual({
      a: { type: 'number' }, b: { type: 'string' }, c: { type: 'number' },
      d: { type: 'string', description: 'Standard and unrelated tags pass silently.' },
      e: { type: 'number' }, f: { type: 'number' }, g: { type: 'number' }, h: { type: 'string', enum: ['a', 'b'] }, i: { type: 'string' },
      j: { type: 'number', examples: [1] }, k: { type: 'number', minimum: 5 }, l: { type: 'number' },
    })
  })
})
