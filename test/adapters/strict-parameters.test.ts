import { describe, expect, test } from 'vitest'
import { strictSchemaOf } from '../../src/adapters/strict-parameters.js'

const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({ type: 'object', properties, required, additionalProperties: false })

describe('strictSchemaOf: the OpenAI strict copy of a schema, or undefined when strict mode cannot carry it', () => {
  test('a closed object: optional properties become required and nullable, a dropped default moves into the description', () => {
    expect(strictSchemaOf(object({ q: { type: 'string', minLength: 1 }, n: { type: 'integer', default: 3 } }, ['q']))).toEqual(
      object({ q: { type: 'string', minLength: 1 }, n: { type: ['integer', 'null'], description: 'Default: 3.' } }),
    )
  })

  test('an open record (additionalProperties: schema), at the root or nested, is not strict', () => {
    expect(strictSchemaOf({ type: 'object', additionalProperties: { type: 'number' } })).toBeUndefined()
    expect(strictSchemaOf(object({ scores: { type: 'object', additionalProperties: { type: 'number' } } }))).toBeUndefined()
    expect(strictSchemaOf(object({ tags: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false } }))).toBeUndefined()
  })

  test('a schema deeper than OpenAI allows (10 levels of nesting) is not strict; 10 levels are (the boundary)', () => {
    const nested = (depth: number): Record<string, unknown> => (depth === 0 ? { type: 'string' } : object({ inner: nested(depth - 1) }))
    expect(strictSchemaOf(nested(10))).toBeDefined()
    expect(strictSchemaOf(nested(11))).toBeUndefined()
  })
})
