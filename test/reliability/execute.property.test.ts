import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createTool, createToolManager, type ToolResult } from '../../src/index.js'
import { fuzzParameters, fuzzTimeout, hostile, hostileRecipe, type HostileRecipe } from './fuzz.js'

/** Something a handler hands back or throws: a plain value, or a hostile one built in the property. */
const payload = fc.oneof(fc.record({ value: fc.anything() }), fc.record({ hostile: hostileRecipe }))
type Payload = { value: unknown } | { hostile: HostileRecipe }

/** Everything a handler can do to its registry. */
const behaviour = fc.oneof(
  fc.record({ kind: fc.constant('return' as const), payload }),
  fc.record({ kind: fc.constant('throw' as const), payload }),
  fc.record({ kind: fc.constant('reject' as const), payload }),
  fc.record({ kind: fc.constant('resolve' as const), payload }),
  fc.record({ kind: fc.constant('stream-then-throw' as const), chunks: fc.array(fc.jsonValue(), { maxLength: 3 }), payload }),
  fc.record({ kind: fc.constant('hostile-thenable' as const) }),
  fc.record({ kind: fc.constant('hostile-iterable' as const) }),
)
type Behaviour = typeof behaviour extends fc.Arbitrary<infer B> ? B : never

const materialize = (one: Payload): unknown => ('hostile' in one ? hostile(one.hostile) : one.value)

function handlerFor(plan: Behaviour): () => unknown {
  switch (plan.kind) {
    case 'return':
      return () => materialize(plan.payload)
    case 'throw':
      return () => {
        throw materialize(plan.payload)
      }
    case 'reject':
      return () => Promise.reject(materialize(plan.payload))
    case 'resolve':
      return () => Promise.resolve(materialize(plan.payload))
    case 'stream-then-throw':
      return async function* () {
        yield* plan.chunks
        throw materialize(plan.payload)
      }
    case 'hostile-thenable':
      return () => ({ then: () => { throw hostile({ kind: 'proxy' }) } })
    case 'hostile-iterable':
      return () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(hostile({ kind: 'unprintable' })) }) })
  }
}

function expectWellFormed(result: ToolResult, name: string): void {
  expect(result.id).toBe(`${name}-call`)
  expect(result.name).toBe(name)
  if (result.success) expect(Object.keys(result)).toEqual(['id', 'name', 'success', 'value'])
  else expect(typeof result.error).toBe('string')
}

describe('the registry answers every plain-value call with a result, whatever the handler does', () => {
  test('execute resolves one well-formed result per call, alone and in a batch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(behaviour, { minLength: 1, maxLength: 4 }), fc.dictionary(fc.string(), fc.jsonValue()), async (plans, args) => {
        const tools = createToolManager()
        plans.forEach((plan, index) => tools.add(createTool({ name: `tool${index}`, execute: handlerFor(plan) })))
        const calls = plans.map((_plan, index) => ({ id: `tool${index}-call`, name: `tool${index}`, arguments: args }))
        const single = await tools.execute(calls[0]!)
        expectWellFormed(single, 'tool0')
        const batch = await tools.execute(calls)
        batch.forEach((result, index) => expectWellFormed(result, `tool${index}`))
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)

  test('a plain value returned is the success value, and a plain throw is a failure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (value, throws) => {
        const tools = createToolManager()
        tools.add(createTool({ name: 'plain', execute: () => { if (throws) throw new Error(JSON.stringify(value)); return value } }))
        const result = await tools.execute({ id: 'plain-call', name: 'plain', arguments: {} })
        expect(result).toEqual(throws ? { id: 'plain-call', name: 'plain', success: false, error: JSON.stringify(value) } : { id: 'plain-call', name: 'plain', success: true, value })
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)
})
