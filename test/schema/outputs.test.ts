import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()

describe('output schemas', () => {
  test('a Promise is unwrapped', () => {
    const outcome = fixtures.output('outputs', 'promised')
    expect(outcome).toEqual({
      schema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'], additionalProperties: false },
      problems: [],
      stream: false,
    })
    expectValidation(outcome?.schema ?? {}, [{ total: 1 }], [{ total: '1' }])
  })

  test('async generators and AsyncIterables are streams of their chunk type', () => {
    expect(fixtures.output('outputs', 'streamed')).toMatchObject({
      schema: { type: 'object', properties: { chunk: { type: 'string' } } },
      stream: true,
    })
    const iterable = fixtures.output('outputs', 'iterable')
    expect(iterable).toEqual({ schema: { type: 'number' }, problems: [], stream: true })
    expectValidation(iterable?.schema ?? {}, [1.5], ['1'])
  })

  test('void and Promise<void> have no output; other roots need not be objects', () => {
    expect(fixtures.output('outputs', 'nothing')).toBeUndefined()
    expect(fixtures.output('outputs', 'nothingLater')).toBeUndefined()
    expect(fixtures.output('outputs', 'plain')).toEqual({ schema: { type: 'array', items: { type: 'string' } }, problems: [], stream: false })
  })

  test('non-JSON values in the output are reported with their path, which says it is the output', () => {
    const outcome = fixtures.output('outputs', 'dated')
    expect(outcome?.problems.map(({ code, path, message }) => ({ code, path, message }))).toEqual([
      { code: 'TC1005', path: 'at', message: 'output.at: Date is not a JSON type' },
    ])
  })

  test('a JSDoc problem found only in an output says so, and is a warning', () => {
    const outcome = fixtures.output('outputs', 'misspelled')
    expect(outcome?.schema).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false })
    expect(outcome?.problems.map(({ code, severity, message }) => ({ code, severity, message }))).toEqual([
      { code: 'TC1014', severity: 'warning', message: 'output: n: unknown tag @maximun: did you mean @maximum?' },
    ])
  })
})
