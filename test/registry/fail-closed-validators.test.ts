import { describe, expect, test } from 'vitest'
import { createTool, createToolManager } from '../../src/index.js'
import { compileSchema } from '../../src/runtime/compile.js'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import type { LazyToolModule } from '../../src/runtime/lazy/types.js'
import { planValidation } from '../../src/runtime/normalise/validation-plan.js'
import type { CompiledValidator } from '../../src/runtime/validation.js'

// Issue 32: an `$async` dependency schema made the validator answer a Promise, which the registry
// read as valid (the handler got `{ n: "not a number" }`) and whose rejection, unhandled, ended the
// host. Any answer other than exactly `true` is a refusal, in the lazy registry (precompiled
// validators from a tool module, or compiled on first call) and in the eager one (defineTool's contract).

const parameters = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }
const sent = { n: 'not a number' }

/** Answers that are not `true`; the Promise rejects, as ajv's asynchronous validators do on invalid data. */
const answers: Array<[string, () => unknown]> = [
  ['a Promise (rejecting, as an $async validator does)', () => Promise.reject(new Error('validation failed'))],
  ['a Promise resolving to true', () => Promise.resolve(true)],
  ['a truthy object', () => ({ valid: true })],
  ['a non-empty string', () => 'yes'],
  ['the number 1', () => 1],
  ['undefined', () => undefined],
]

/** A validator giving `answer` for every value, recording each value it was asked about. */
function validatorAnswering(answer: () => unknown): CompiledValidator & { asked: unknown[] } {
  const asked: unknown[] = []
  const validate = ((data: unknown) => (asked.push(data), answer())) as CompiledValidator & { asked: unknown[] }
  validate.errors = null
  validate.asked = asked
  return validate
}

/** Collects unhandled rejections while `run` goes on, and a little after. */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = []
  const listener = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', listener)
  try {
    await run()
    await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    process.off('unhandledRejection', listener)
  }
  return seen
}

describe('the lazy registry refuses a call whose validator answers anything but true', () => {
  test.each(answers)('a tool module\'s precompiled validator answering %s', async (_title, answer) => {
    let entered = 0
    const validate = validatorAnswering(answer)
    const module: LazyToolModule = { handler: () => ++entered, validate }
    const registry = createLazyRegistry([{ definition: { name: 'count', parameters }, load: async () => module }])
    let result: unknown
    const unhandled = await unhandledDuring(async () => {
      result = await registry.call('count', sent)
    })
    expect(validate.asked.length).toBeGreaterThan(0)
    expect(result).toEqual(expect.objectContaining({ success: false, error: expect.stringMatching(/^Arguments did not parse|^arguments/i) }))
    expect(entered).toBe(0)
    expect(unhandled).toEqual([])
  })

  test('the validator `compile` makes on the first call answering a Promise', async () => {
    let entered = 0
    const validate = validatorAnswering(() => Promise.reject(new Error('validation failed')))
    const registry = createLazyRegistry([{ definition: { name: 'count', parameters }, load: async () => ({ handler: () => ++entered }) }], { compile: () => validate })
    const unhandled = await unhandledDuring(async () => {
      expect(await registry.call('count', sent)).toEqual(expect.objectContaining({ success: false }))
    })
    expect(entered).toBe(0)
    expect(unhandled).toEqual([])
  })

  test("a union branch's validator answering a Promise never chooses that branch", async () => {
    const union = { type: 'object', properties: { v: { anyOf: [{ type: 'number' }, { type: 'boolean' }] } }, required: ['v'] }
    const plan = planValidation(union)
    expect(plan.branchPointers.length).toBe(2)
    const honest = compileSchema(union)
    const branches = [validatorAnswering(() => Promise.resolve(true)), validatorAnswering(() => Promise.resolve(true))]
    let entered = 0
    const registry = createLazyRegistry([{ definition: { name: 'pick', parameters: union }, load: async () => ({ handler: () => ++entered, validate: honest, branches }) }])
    const unhandled = await unhandledDuring(async () => {
      expect(await registry.call('pick', { v: 'text' })).toEqual(expect.objectContaining({ success: false }))
    })
    expect(entered).toBe(0)
    expect(unhandled).toEqual([])
  })
})

describe('the eager registry (a defineTool contract) refuses when its validator answers a Promise', () => {
  test('an "$async" contract: the call is refused, the handler never entered, no unhandled rejection', async () => {
    let entered = 0
    const manager = createToolManager()
    manager.add(createTool({ name: 'count', contract: { $async: true, ...parameters }, execute: () => ++entered }))
    const results: unknown[] = []
    const unhandled = await unhandledDuring(async () => {
      results.push(await manager.execute({ id: '1', name: 'count', arguments: sent }))
      // Even arguments that would pass are refused: an asynchronous verdict is no verdict.
      results.push(await manager.execute({ id: '2', name: 'count', arguments: { n: 1 } }))
    })
    expect(results).toEqual([expect.objectContaining({ success: false }), expect.objectContaining({ success: false })])
    expect(entered).toBe(0)
    expect(unhandled).toEqual([])
  })
})
