import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isToolCall } from '../../src/index.js'
import { fuzzParameters, fuzzTimeout, hostile, hostileRecipe, throwingProxy } from './fuzz.js'

/** What `isToolCall` must answer for a value whose fields can be read safely. */
function isCallShaped(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { id, name, arguments: args } = value as Record<string, unknown>
  if (typeof id !== 'string' || typeof name !== 'string') return false
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false
  const prototype: unknown = Object.getPrototypeOf(args)
  return prototype === Object.prototype || prototype === null
}

/** One envelope field: a plain value, or a hostile one built inside the property. */
const field = fc.oneof(
  fc.record({ value: fc.oneof(fc.string(), fc.anything(), fc.dictionary(fc.string(), fc.jsonValue())) }),
  fc.record({ hostile: hostileRecipe }),
)
type Field = typeof field extends fc.Arbitrary<infer F> ? F : never

/** Near misses of a call: each of id, name and arguments right, wrong, hostile, or missing. */
const envelope = fc.record({ id: field, name: field, arguments: field }, { requiredKeys: [] })

function build(fields: Partial<Record<string, Field>>): Record<string, unknown> {
  const value: Record<string, unknown> = {}
  for (const [key, one] of Object.entries(fields)) if (one !== undefined) value[key] = 'hostile' in one ? hostile(one.hostile) : one.value
  return value
}

const throwing = (what: string) => () => {
  throw new Error(`hostile ${what}`)
}

describe('isToolCall is total', () => {
  test('on arbitrary values and near-miss envelopes it answers whether the value is call-shaped', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), envelope.map(build)), (value) => {
        let expected: boolean | undefined
        try {
          expected = isCallShaped(value)
        } catch {
          // A hostile field the reference cannot read either: isToolCall must still answer.
        }
        const answer = isToolCall(value)
        expect(answer).toBe(expected ?? false)
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)

  test('an envelope field behind a throwing getter is never a call', () => {
    fc.assert(
      fc.property(envelope, fc.subarray(['id', 'name', 'arguments'], { minLength: 1 }), (fields, hostileKeys) => {
        const value = build(fields)
        for (const key of hostileKeys) Object.defineProperty(value, key, { enumerable: true, get: throwing(key) })
        expect(isToolCall(value)).toBe(false)
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)

  test('a proxy with a throwing trap, around the envelope or its arguments, answers instead of throwing', () => {
    const traps = ['get', 'has', 'getPrototypeOf', 'ownKeys', 'getOwnPropertyDescriptor'] as const
    fc.assert(
      fc.property(envelope, fc.constantFrom(...traps), fc.boolean(), (fields, trap, onArguments) => {
        const handler: ProxyHandler<object> = { [trap]: throwing(trap) }
        const plain = build(fields)
        const value = onArguments ? { ...plain, arguments: new Proxy({}, handler) } : new Proxy(plain, handler)
        expect(typeof isToolCall(value)).toBe('boolean')
        expect(isToolCall(throwingProxy())).toBe(false)
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)
})
