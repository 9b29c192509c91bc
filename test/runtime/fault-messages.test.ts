import { describe, expect, test } from 'vitest'
import { createTool, createToolManager, type ToolCall } from '../../src/index.js'
import { compileSchema } from '../../src/runtime/compile.js'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import { isToolError } from '../../src/runtime/tool-error.js'
import type { JsonSchema } from '../../src/runtime/types.js'
import { parseArguments } from '../../src/runtime/validation.js'

/** The message of the refusal of `args` under `schema`, or the parsed copy when they pass. */
function messageOf(schema: JsonSchema, args: unknown): string {
  try {
    return JSON.stringify(parseArguments(compileSchema(schema), args as Record<string, unknown>))
  } catch (error) {
    if (isToolError(error)) return error.message
    throw error
  }
}

const object = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({ type: 'object', properties, ...extra })

describe('a refusal lists every fault', () => {
  test('each missing key on a line of its own, the seed format first', () => {
    const charge = object({ currency: { type: 'string' }, charge: { type: 'integer' }, idempotencyKey: { type: 'string' } }, { required: ['charge', 'idempotencyKey'] })
    expect(messageOf(charge, { currency: 'eur' })).toBe('charge: required; expected a value\nidempotencyKey: required; expected a value')
  })

  test('up to eight, then how many more', () => {
    const names = Array.from({ length: 11 }, (_, index) => `field${index}`)
    const wide = object(Object.fromEntries(names.map((name) => [name, { type: 'string' }])), { required: names })
    const lines = messageOf(wide, {}).split('\n')
    expect(lines).toEqual([...names.slice(0, 8).map((name) => `${name}: required; expected a value`), 'and 3 more'])
  })

  test('the root is named (root)', () => {
    expect(messageOf(object({}), null)).toBe('(root): type; expected object; received null')
  })
})

// Every keyword a validator of a toolcat schema can report, with the line a caller reads. None
// of ajv's own phrasing ("must NOT have…", "## 1 and 0") may reach it.
const keywordCases: readonly (readonly [keyword: string, schema: JsonSchema, args: unknown, message: string])[] = [
  ['type', object({ n: { type: 'number' } }), { n: 'x' }, 'n: type; expected number; received "x"'],
  ['enum', object({ c: { enum: ['red', 'blue'] } }), { c: 'green' }, 'c: enum; expected one of ["red","blue"]; received "green"'],
  ['const', object({ k: { const: 'card' } }), { k: 'cash' }, 'k: const; expected "card"; received "cash"'],
  ['format', object({ at: { type: 'string', format: 'date-time' } }), { at: 'noon' }, 'at: format; expected date-time; received "noon"'],
  ['pattern', object({ id: { type: 'string', pattern: '^ORD-[0-9]+$' } }), { id: 'x' }, 'id: pattern; expected match ^ORD-[0-9]+$; received "x"'],
  ['multipleOf', object({ tip: { type: 'number', multipleOf: 0.5 } }), { tip: 0.3 }, 'tip: multipleOf; expected multiple of 0.5; received 0.3'],
  ['minimum', object({ n: { type: 'number', minimum: 1 } }), { n: 0 }, 'n: minimum; expected >= 1; received 0'],
  ['maximum', object({ n: { type: 'number', maximum: 9 } }), { n: 10 }, 'n: maximum; expected <= 9; received 10'],
  ['exclusiveMinimum', object({ n: { type: 'number', exclusiveMinimum: 0 } }), { n: 0 }, 'n: exclusiveMinimum; expected > 0; received 0'],
  ['exclusiveMaximum', object({ n: { type: 'number', exclusiveMaximum: 1 } }), { n: 1 }, 'n: exclusiveMaximum; expected < 1; received 1'],
  ['minLength', object({ s: { type: 'string', minLength: 2 } }), { s: 'a' }, 's: minLength; expected length >= 2; received "a"'],
  ['maxLength', object({ s: { type: 'string', maxLength: 1 } }), { s: 'ab' }, 's: maxLength; expected length <= 1; received "ab"'],
  ['minItems', object({ a: { type: 'array', minItems: 1 } }), { a: [] }, 'a: minItems; expected items >= 1; received []'],
  ['maxItems', object({ a: { type: 'array', maxItems: 1 } }), { a: [1, 2] }, 'a: maxItems; expected items <= 1; received [1,2]'],
  ['uniqueItems', object({ a: { type: 'array', uniqueItems: true } }), { a: [1, 1] }, 'a: uniqueItems; expected unique items (items 0 and 1 are equal); received [1,1]'],
  ['minProperties', object({ m: { type: 'object', minProperties: 1 } }), { m: {} }, 'm: minProperties; expected properties >= 1; received {}'],
  ['maxProperties', object({ m: { type: 'object', maxProperties: 1 } }), { m: { a: 1, b: 2 } }, 'm: maxProperties; expected properties <= 1; received {"a":1,"b":2}'],
  ['required', object({ r: { type: 'string' } }, { required: ['r'] }), {}, 'r: required; expected a value'],
  ['additionalItems', object({ t: { type: 'array', items: [{ type: 'number' }], additionalItems: false } }), { t: [1, 2] }, 't: additionalItems; expected items <= 1; received [1,2]'],
  ['contains', object({ a: { type: 'array', contains: { const: 1 } } }), { a: [2] }, 'a: contains; expected at least 1 item(s) matching the item schema; received [2]'],
  ['dependencies', object({ a: { type: 'number' }, b: { type: 'number' } }, { dependencies: { a: ['b'] } }), { a: 1 }, '(root): dependencies; expected b beside a; received {"a":1}'],
  ['propertyNames', object({}, { additionalProperties: { type: 'number' }, propertyNames: { pattern: '^[a-z]+$' } }), { A1: 1 }, 'A1: propertyNames; expected a key: match ^[a-z]+$; received "A1"'],
  ['not', object({ n: { not: { const: 0 } } }), { n: 0 }, 'n: not; expected a value the excluded schema does not match; received 0'],
  ['anyOf', object({ v: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), { v: true }, "v: anyOf; expected a value of one of the union's 2 branches (none matches; closest: branch 1); received true"],
  ['false schema', object({ never: false as unknown as JsonSchema }), { never: 1 }, 'never: false schema; expected no value here; received 1'],
]

describe('every keyword in toolcat words', () => {
  test.each(keywordCases)('%s', (_keyword, schema, args, message) => {
    const text = messageOf(schema, args)
    expect(text.split('\n')[0]).toBe(message)
    expect(text).not.toMatch(/\bmust\b|\bNOT\b|##/)
  })
})

describe('a value that is not JSON is named as such', () => {
  const when = object({ at: { type: 'string', format: 'date-time' }, tags: { type: 'array', items: { type: 'string' } }, run: { type: 'string' } })

  test.each([
    ['a Date', { at: new Date(0) }, 'at: type; expected string; received a Date (not JSON: send an ISO 8601 string)'],
    ['a function', { run: () => 1 }, 'run: type; expected string; received a function (not JSON)'],
    ['undefined in an array', { tags: ['a', undefined] }, 'tags.1: type; expected string; received undefined (not JSON)'],
    ['a Map', { at: new Map() }, 'at: type; expected string; received a Map (not JSON: send a plain object)'],
    ['a bigint', { at: 5n }, 'at: type; expected string; received the bigint 5n (not JSON: send a number or a string)'],
  ] as const)('%s', (_what, args, message) => {
    expect(messageOf(when, args)).toBe(message)
  })
})

describe('plain-JS misuse of execute and stream says how to call', () => {
  const tools = createToolManager()
  tools.add(createTool({ name: 'export_report', execute: () => 'ok' }))

  test('stream with a tool name and arguments', async () => {
    const parts = []
    for await (const part of tools.stream('export_report' as unknown as ToolCall)) parts.push(part)
    expect(parts).toHaveLength(1)
    const [part] = parts
    expect(part?.type === 'result' && !part.result.success && part.result.error).toMatch(/^expected a call object \{ id, name, arguments \}, received the string "export_report": write execute\(\{ id: '1', name: "export_report"/)
  })

  test('execute with a call whose name is missing', async () => {
    const result = await tools.execute({ id: '1', arguments: {} } as unknown as ToolCall)
    expect(result).toMatchObject({ success: false, error: 'expected a call object { id, name, arguments } whose name is a string, received name undefined' })
  })

  test('a generated registry names the tool and the fault, not `tool not found: undefined`', async () => {
    const registry = createLazyRegistry([{ definition: { name: 'export_report', parameters: object({}) }, load: async () => ({ handler: () => 'ok' }) }])
    const result = await registry.execute('export_report' as unknown as ToolCall)
    expect(result.success === false && result.error).not.toContain('tool not found')
  })
})
