import { describe, expect, test } from 'vitest'
import type { ToolCall, ToolContext } from '../../src/index.js'
import { createTool, createToolManager } from '../../src/index.js'
import { deferred } from './support.js'

const call = (name: string, id = name, args: Record<string, unknown> = {}): ToolCall => ({ id, name, arguments: args })

function throwing(thrown: unknown) {
  return createTool({
    name: 'throws',
    execute: () => {
      throw thrown
    },
  })
}

describe('ToolManager.execute isolation', () => {
  test('a success carries value even when it is falsy', async () => {
    for (const value of [undefined, null, 0, '', false]) {
      const tools = createToolManager()
      tools.add(createTool({ name: 'v', execute: () => value }))
      const result = await tools.execute(call('v'))
      expect(result).toStrictEqual({ id: 'v', name: 'v', success: true, value })
      expect('value' in result && !('error' in result)).toBe(true)
    }
  })

  test('an unknown name fails with tool not found', async () => {
    expect(await createToolManager().execute(call('ghost', '7'))).toEqual({ id: '7', name: 'ghost', success: false, error: 'tool not found: ghost' })
  })

  test('an Error contributes its message, other throws are converted with String', async () => {
    const cases: [unknown, string][] = [
      [new TypeError('bad input'), 'bad input'],
      ['plain text', 'plain text'],
      [42, '42'],
      [{ toString: () => 'custom' }, 'custom'],
    ]
    for (const [thrown, error] of cases) {
      const tools = createToolManager()
      tools.add(throwing(thrown))
      expect(await tools.execute(call('throws'))).toEqual({ id: 'throws', name: 'throws', success: false, error })
    }
  })

  test('a value that cannot describe itself becomes Unknown thrown value', async () => {
    const hostileToString = {
      toString() {
        throw new Error('no')
      },
    }
    const throwingMessage = Object.defineProperty(new Error(), 'message', {
      get() {
        throw new Error('no')
      },
    })
    for (const thrown of [hostileToString, throwingMessage, Object.create(null)]) {
      const tools = createToolManager()
      tools.add(throwing(thrown))
      const result = await tools.execute(call('throws'))
      expect(result.success === false && result.error).toBe('Unknown thrown value')
    }
  })

  test('an asynchronous rejection is contained like a throw', async () => {
    const tools = createToolManager()
    tools.add(createTool({ name: 'rejects', execute: async () => Promise.reject(new Error('later')) }))
    expect(await tools.execute(call('rejects'))).toEqual({ id: 'rejects', name: 'rejects', success: false, error: 'later' })
  })

  test('an argument refusal fails with the message alone', async () => {
    const tools = createToolManager()
    const contract = { type: 'object', properties: { amount: { type: 'number' } } }
    tools.add(createTool({ name: 'amount', contract, execute: (args) => args.amount }))
    const result = await tools.execute(call('amount', '1', { amount: 'invalid' }))
    expect(result).toStrictEqual({ id: '1', name: 'amount', success: false, error: 'amount: type; expected number; received "invalid"' })
  })

  test('a call whose id or name cannot be read makes execute reject, alone or in a batch', async () => {
    const tools = createToolManager()
    tools.add(createTool({ name: 'ok', execute: () => 1 }))
    const unreadable = (member: 'id' | 'name'): ToolCall =>
      Object.defineProperty({ ...call('ok') }, member, {
        get() {
          throw new Error(`${member} unreadable`)
        },
      })
    await expect(tools.execute(unreadable('id'))).rejects.toThrow('id unreadable')
    await expect(tools.execute(unreadable('name'))).rejects.toThrow('name unreadable')
    await expect(tools.execute([call('ok'), unreadable('name')])).rejects.toThrow('name unreadable')
  })
})

describe('ToolManager.execute batches', () => {
  test('dispatches every call before any settles and answers in input order', async () => {
    const tools = createToolManager()
    const gates = { slow: deferred(), fast: deferred() }
    const entered: string[] = []
    for (const name of ['slow', 'fast'] as const) {
      tools.add(
        createTool({
          name,
          execute: async () => {
            entered.push(name)
            await gates[name].promise
            return name
          },
        }),
      )
    }
    const pending = tools.execute([call('slow'), call('fast')])
    expect(entered).toEqual(['slow', 'fast'])
    gates.fast.resolve()
    gates.slow.resolve()
    expect((await pending).map((result) => result.success && result.value)).toEqual(['slow', 'fast'])
  })

  test('a failure never voids its siblings, and duplicate ids stay distinct calls', async () => {
    const tools = createToolManager()
    let runs = 0
    tools.add(createTool({ name: 'count', execute: () => ++runs }))
    const results = await tools.execute([call('count', 'same'), call('ghost', 'same'), call('count', 'same')])
    expect(results).toEqual([
      { id: 'same', name: 'count', success: true, value: 1 },
      { id: 'same', name: 'ghost', success: false, error: 'tool not found: ghost' },
      { id: 'same', name: 'count', success: true, value: 2 },
    ])
  })

  test('a batch shares one context, supplied or created, which reaches handlers unchanged', async () => {
    const tools = createToolManager()
    const contexts: ToolContext[] = []
    tools.add(createTool({ name: 'ctx', execute: (_args, context) => contexts.push(context) }))
    await tools.execute([call('ctx', '1'), call('ctx', '2')])
    expect(contexts[0]).toBe(contexts[1])
    expect(contexts[0]?.signal.aborted).toBe(false)
    const supplied: ToolContext = { signal: new AbortController().signal, caller: { subject: 'reader' } }
    await tools.execute([call('ctx', '3'), call('ctx', '4')], supplied)
    expect(contexts[2]).toBe(supplied)
    expect(contexts[3]).toBe(supplied)
  })

  test('separate executions without a context each get a fresh signal', async () => {
    const tools = createToolManager()
    const signals: AbortSignal[] = []
    tools.add(createTool({ name: 'sig', execute: (_args, context) => signals.push(context.signal) }))
    await tools.execute(call('sig'))
    await tools.execute(call('sig'))
    expect(signals[0]).not.toBe(signals[1])
  })
})
