import { describe, expect, test } from 'vitest'
import { compileSchema } from '../../src/runtime/compile.js'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import type { LazyToolEntry, LazyToolModule } from '../../src/runtime/lazy/types.js'

const parameters = { type: 'object', properties: { left: { type: 'number' }, right: { type: 'number' } }, required: ['left', 'right'], additionalProperties: false }
const context = () => ({ signal: new AbortController().signal })

/** An entry whose import the test settles by hand, recording every load and handler entry. */
function controlledEntry(name = 'add') {
  const log: string[] = []
  const settlers: { resolve: (module: LazyToolModule) => void; reject: (error: Error) => void }[] = []
  const module: LazyToolModule = {
    handler: (args: { left: number; right: number }) => {
      log.push('handler')
      return args.left + args.right
    },
    validate: compileSchema(parameters),
  }
  const entry: LazyToolEntry = {
    definition: { name, parameters },
    load: () => {
      log.push('load')
      return new Promise((resolve, reject) => settlers.push({ resolve, reject }))
    },
  }
  const settle = async (outcome: 'resolve' | 'reject'): Promise<void> => {
    await Promise.resolve()
    const next = settlers.shift()
    if (outcome === 'resolve') next?.resolve(module)
    else next?.reject(new Error('chunk failed to load'))
  }
  return { entry, log, settle }
}

describe('createLazyRegistry', () => {
  test('definitions load nothing; concurrent first calls share one load', async () => {
    const { entry, log, settle } = controlledEntry()
    const registry = createLazyRegistry([entry])
    expect(registry.definitions()).toEqual([{ name: 'add', parameters }])
    const calls = [registry.call('add', { left: 1, right: 2 }), registry.call('add', { left: 3, right: 4 })]
    await settle('resolve')
    expect((await Promise.all(calls)).map((result) => result.success && result.value)).toEqual([3, 7])
    expect(log).toEqual(['load', 'handler', 'handler'])
  })

  test('a failed load is a failure result and the next call loads again', async () => {
    const { entry, log, settle } = controlledEntry()
    const registry = createLazyRegistry([entry])
    const first = registry.call('add', { left: 1, right: 2 })
    await settle('reject')
    expect(await first).toEqual({ id: 'call-1', name: 'add', success: false, error: 'chunk failed to load' })
    const second = registry.call('add', { left: 1, right: 2 })
    await settle('resolve')
    expect(await second).toEqual({ id: 'call-2', name: 'add', success: true, value: 3 })
    expect(log).toEqual(['load', 'load', 'handler'])
  })

  test('an abort while the load is pending fails the call at once and never enters the handler', async () => {
    const { entry, log } = controlledEntry()
    const registry = createLazyRegistry([entry])
    const controller = new AbortController()
    const call = registry.call('add', { left: 1, right: 2 }, { signal: controller.signal })
    controller.abort('user left')
    // The load never settles: the call must end on the abort alone.
    expect(await call).toEqual({ id: 'call-1', name: 'add', success: false, error: 'user left' })
    expect(log).toEqual(['load'])
  })

  test('a host handler replaces the module handler; its arguments are still validated', async () => {
    const { entry, settle } = controlledEntry()
    const registry = createLazyRegistry<{ add: { args: { left: number; right: number }; result: number } }>([entry], {
      handlers: { add: (args) => args.left * args.right },
    })
    const calls = [registry.call('add', { left: 2, right: 5 }), registry.execute({ id: 'x', name: 'add', arguments: { left: 2 } }, context())]
    await settle('resolve')
    const [product, fault] = await Promise.all(calls)
    expect(product).toEqual({ id: 'call-1', name: 'add', success: true, value: 10 })
    expect(fault).toMatchObject({ success: false, error: expect.stringContaining('required') })
  })

  test('a tool named after an Object.prototype member gets no inherited handler', async () => {
    const registry = createLazyRegistry([{ definition: { name: 'toString', parameters, declarationOnly: true }, load: async () => ({}) }], { handlers: {} })
    expect(await registry.call('toString', {})).toMatchObject({ success: false, error: 'tool has no handler: toString' })
  })

  test('without a precompiled validator, `compile` validates on the first call', async () => {
    const registry = createLazyRegistry([{ definition: { name: 'add', parameters }, load: async () => ({ handler: (args: { left: number }) => args.left }) }], {
      compile: compileSchema,
    })
    expect(await registry.call('add', { left: '4', right: 1 })).toMatchObject({ success: true, value: 4 })
    expect(await registry.call('add', { left: 'four', right: 1 })).toMatchObject({ success: false, error: 'left: type; expected number; received "four"' })
  })

  test('registry events and listener options are the runtime registry’s', () => {
    const added: string[] = []
    const registry = createLazyRegistry([controlledEntry('a').entry, controlledEntry('b').entry], { on: { add: (tool) => added.push(tool.name) } })
    registry.remove('a')
    expect(added).toEqual(['a', 'b'])
    expect(registry.count).toBe(1)
  })
})

describe('nullAsAbsent', () => {
  const schema = {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer' }, cursor: { type: ['string', 'null'] } },
    required: ['query'],
    additionalProperties: false,
  }
  const echo: LazyToolEntry = {
    definition: { name: 'search', parameters: schema },
    load: async () => ({ handler: (args: unknown) => args, validate: compileSchema(schema) }),
  }
  const strictCall = { query: 'q', limit: null, cursor: null }

  test('reads a null sent for an optional, non-nullable property as absent', async () => {
    const registry = createLazyRegistry([echo], { nullAsAbsent: true })
    expect(await registry.call('search', strictCall)).toMatchObject({ success: true, value: { query: 'q', cursor: null } })
  })

  test('is off by default: the null reaches validation, which refuses it (null is not coerced)', async () => {
    const registry = createLazyRegistry([echo])
    expect(await registry.call('search', strictCall)).toMatchObject({ success: false, error: 'limit: type; expected integer; received null' })
  })
})
