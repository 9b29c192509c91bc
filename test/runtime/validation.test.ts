import { Ajv } from 'ajv'
import standaloneCode from 'ajv/dist/standalone/index.js'
import { describe, expect, test } from 'vitest'
import type { CompiledValidator, ToolError, ToolFault } from '../../src/index.js'
import { compileSchema, isToolError, parseArguments } from '../../src/index.js'
import { ajvOptions } from '../../src/runtime/ajv-options.js'

const order = {
  type: 'object',
  properties: {
    amount: { type: 'number', minimum: 1 },
    name: { type: 'string', minLength: 3 },
    color: { enum: ['red', 'blue'] },
    when: { type: 'string', format: 'date-time' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { count: { type: 'integer' } }, additionalProperties: false },
    },
  },
  required: ['amount'],
  additionalProperties: false,
} as const

const validate = compileSchema(order)

function refusal(args: unknown, validator: CompiledValidator = validate): ToolError {
  try {
    parseArguments(validator, args as Record<string, unknown>)
  } catch (error) {
    if (isToolError(error)) return error
    throw error
  }
  throw new Error('expected the arguments to be refused')
}

describe('parseArguments', () => {
  test('returns a normalised copy: coerced values, undeclared keys dropped, caller untouched', () => {
    const args = { amount: '3', extra: true, items: [{ count: '2', stray: 1 }] }
    const parsed = parseArguments(validate, args)
    expect(parsed).toEqual({ amount: 3, items: [{ count: 2 }] })
    expect(args).toEqual({ amount: '3', extra: true, items: [{ count: '2', stray: 1 }] })
    expect(parsed.items).not.toBe(args.items)
  })

  test('never reaches into the caller objects, class instances and cycles included', () => {
    class Args {
      amount = '3'
      extra = true
    }
    const args = new Args()
    expect(parseArguments(validate, args as unknown as Record<string, unknown>)).toEqual({ amount: 3 })
    expect(args).toEqual(new Args())
    const cyclic: Record<string, unknown> = { amount: 1 }
    cyclic.self = cyclic
    const loose = parseArguments(compileSchema({ type: 'object', additionalProperties: true }), cyclic)
    expect(loose).toEqual({ amount: 1, self: expect.objectContaining({ amount: 1 }) })
    expect([loose, loose.self]).not.toContain(cyclic)
    const tree = { $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } } }
    const loop: Record<string, unknown> = {}
    loop.child = loop
    expect(() => parseArguments(compileSchema(tree), loop)).toThrow('arguments nested deeper than 1000 levels')
  })

  test('an object schema keeps only the keys it declares; one that declares none at all is any object and keeps them', () => {
    expect(parseArguments(compileSchema({ type: 'object' }), { a: 1, b: { c: 2 } })).toEqual({ a: 1, b: { c: 2 } })
    expect(parseArguments(compileSchema({ type: 'object', additionalProperties: false }), { a: 1 })).toEqual({})
    expect(parseArguments(compileSchema({ type: 'object', required: ['a'] }), { a: 1, b: 2 })).toEqual({ a: 1 })
    expect(parseArguments(compileSchema({ type: 'object', propertyNames: { maxLength: 1 } }), { a: 1, b: 2 })).toEqual({ a: 1, b: 2 })
    expect(parseArguments(compileSchema({}), { a: 1 })).toEqual({ a: 1 })
  })

  test('the message starts with the first fault, lists every other one on a line of its own, and context.faults holds them all', () => {
    const error = refusal({ amount: 'invalid', name: 'ab' })
    expect(error.code).toBe('ARGUMENTS')
    expect(error.message).toBe('amount: type; expected number; received "invalid"\nname: minLength; expected length >= 3; received "ab"')
    expect(error.context?.faults?.map((fault: ToolFault) => fault.reason)).toEqual(['type', 'minLength'])
  })

  test('a missing field carries its expectation alone', () => {
    const error = refusal({})
    expect(error.message).toBe('amount: required; expected a value')
    expect(error.context?.faults?.[0]).toStrictEqual({ path: ['amount'], reason: 'required', expected: 'a value' })
  })

  test('names the constraint and limit of bound keywords', () => {
    expect(refusal({ amount: 0 }).message).toBe('amount: minimum; expected >= 1; received 0')
    expect(refusal({ amount: 0 }).context?.faults?.[0]).toMatchObject({ constraint: '>=', limit: 1 })
    expect(refusal({ amount: 1, name: 'ab' }).message).toBe('name: minLength; expected length >= 3; received "ab"')
  })

  test('describes enum, format and nested array faults, joining paths with dots', () => {
    expect(refusal({ amount: 1, color: 'green' }).message).toBe('color: enum; expected one of ["red","blue"]; received "green"')
    expect(refusal({ amount: 1, when: 'yesterday' }).message).toBe('when: format; expected date-time; received "yesterday"')
    const nested = refusal({ amount: 1, items: [{ count: 1 }, { count: 'many' }] })
    expect(nested.message).toBe('items.1.count: type; expected integer; received "many"')
    expect(nested.context?.faults?.[0]?.path).toEqual(['items', 1, 'count'])
  })

  test('a root fault is named (root) and keeps the empty path in context.faults', () => {
    expect(refusal([1]).message).toBe('(root): type; expected object; received [1]')
    expect(refusal([1]).context?.faults?.[0]?.path).toEqual([])
  })

  test('a clean validation of something that is not a record did not parse', () => {
    const error = refusal([1], compileSchema({}))
    expect(error.message).toBe('Arguments did not parse')
    expect(error.context).toBeUndefined()
  })

  test('accepts a validator generated as ajv standalone code, checking a plain copy', () => {
    const ajv = new Ajv({ ...ajvOptions, code: { source: true } })
    const source = standaloneCode.default(ajv, ajv.compile({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }))
    const module = { exports: {} as { default?: CompiledValidator } }
    new Function('module', 'exports', source)(module, module.exports)
    const standalone = module.exports.default
    if (standalone === undefined) throw new Error('standalone code exported no validator')
    expect(parseArguments(standalone, { n: 4, extra: 1 })).toEqual({ n: 4, extra: 1 })
    expect(refusal({ n: 'four' }, standalone).message).toBe('n: type; expected number; received "four"')
  })
})

describe('compileSchema', () => {
  test('an invalid schema is a SCHEMA error naming the problem', () => {
    let caught: unknown
    try {
      compileSchema({ type: 'object', properties: { n: { type: 'no-such-type' } } })
    } catch (error) {
      caught = error
    }
    expect(isToolError(caught) && caught.code).toBe('SCHEMA')
    expect(String((caught as Error).message)).toMatch(/^invalid parameter schema: .*properties\/n\/type/)
    // Worded by ajv, although validators carry no messages.
    expect(String((caught as Error).message)).toContain('properties/n/type must be equal to one of the allowed values')
  })

  test('two schemas sharing an $id compile independently', () => {
    const first = compileSchema({ $id: 'args', type: 'object', properties: { a: { type: 'number' } } })
    const second = compileSchema({ $id: 'args', type: 'object', properties: { a: { type: 'string', minLength: 2 } } })
    expect(first({ a: 1 })).toBe(true)
    expect(second({ a: 'x' })).toBe(false)
  })
})
