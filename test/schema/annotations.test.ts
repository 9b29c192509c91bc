import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('JSDoc on properties', () => {
  test('descriptions and tags become keywords, values read as JSON where they are JSON', () => {
    const { schema, problems } = fixtures.parameters('jsdoc')
    expect(problems).toEqual([])
    expect(schema).toEqual({
      type: 'object',
      properties: {
        limit: { type: 'number', description: 'How many results to return.', title: 'Limit', minimum: 1, maximum: 100, multipleOf: 1, default: 10 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        code: { type: 'string', minLength: 2, maxLength: 8, pattern: '^[a-z]+$', examples: ['abc', 'xyz'] },
        email: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
        legacy: { type: 'string', description: 'Old name of `code`.', deprecated: true, examples: ['plain text'] },
      },
      required: ['ratio', 'code', 'email', 'tags'],
      additionalProperties: false,
    })
    const valid = { limit: 5, ratio: 0.5, code: 'abc', email: 'a@b.co', tags: ['x'] }
    expectValidation(schema, [valid], [
      { ...valid, limit: 0 }, { ...valid, limit: 1.5 }, { ...valid, ratio: 1 }, { ...valid, code: 'ABC' }, { ...valid, code: 'a' },
      { ...valid, email: 'nope' }, { ...valid, tags: [] }, { ...valid, tags: ['x', 'x'] }, { ...valid, tags: ['a', 'b', 'c', 'd'] },
    ])
  })

  test('a bound that is not a number is reported at its property and left out', () => {
    const { schema, problems } = fixtures.parameters('bad-annotation')
    expect(schema).toEqual({ type: 'object', properties: { level: { type: 'number' } }, required: ['level'], additionalProperties: false })
    expect(problems.map(({ code, path, message, node }) => ({ code, path, message, line: node.getStartLineNumber(), text: node.getText() }))).toEqual([
      { code: 'TC1007', path: 'level', message: "level: @minimum expects a number, got 'low'", line: 3, text: 'level: number' },
    ])
  })
})

describe('JSDoc written inline', () => {
  test('a JSDoc block on the member line, after `{` or `;`, still gives its description and tags', () => {
    const { schema, problems } = fixtures.parameters('inline-jsdoc')
    expect(problems).toEqual([])
    expect(schema).toEqual({
      type: 'object',
      properties: {
        page: { type: 'number', description: 'Page to return.', minimum: 1 },
        query: { type: 'string', maxLength: 20 },
        plain: { type: 'boolean' },
      },
      required: ['page', 'query', 'plain'],
      additionalProperties: false,
    })
    expectValidation(schema, [{ page: 1, query: 'q', plain: true }], [{ page: 0, query: 'q', plain: true }, { page: 1, query: 'q'.repeat(21), plain: true }])
  })
})

describe('@pattern', () => {
  test('a pattern that is not a valid regular expression is reported and left out', () => {
    const { schema, problems } = fixtures.parameters('bad-pattern')
    expect(schema).toEqual({ type: 'object', properties: { slug: { type: 'string' } }, required: ['slug'], additionalProperties: false })
    expect(problems.map(({ code, path, message }) => ({ code, path, message }))).toEqual([
      { code: 'TC1007', path: 'slug', message: expect.stringMatching(/^slug: @pattern is not a valid regular expression: /) },
    ])
  })
})
