import { describe, expect, test } from 'vitest'
import type { ToolCall } from '../../src/index.js'
import { createTool, createToolManager } from '../../src/index.js'
import { deferred } from './support.js'

const call = (name: string): ToolCall => ({ id: name, name, arguments: {} })

describe('cancellation', () => {
  test('an already-aborted signal fails the call before handler entry with String(reason)', async () => {
    const tools = createToolManager()
    let entered = false
    tools.add(createTool({ name: 'work', execute: () => (entered = true) }))
    const controller = new AbortController()
    controller.abort(new Error('shutting down'))
    expect(await tools.execute(call('work'), { signal: controller.signal })).toEqual({ id: 'work', name: 'work', success: false, error: 'Error: shutting down' })
    expect(entered).toBe(false)
  })

  test('an abort without an explicit reason reports the platform reason', async () => {
    const tools = createToolManager()
    tools.add(createTool({ name: 'work', execute: () => 1 }))
    const controller = new AbortController()
    controller.abort()
    const result = await tools.execute(call('work'), { signal: controller.signal })
    expect(result.success === false && result.error).toBe(String(controller.signal.reason))
  })

  test('a signal aborted with an undefined reason fails with aborted', async () => {
    const tools = createToolManager()
    tools.add(createTool({ name: 'work', execute: () => 1 }))
    const signal = { aborted: true, reason: undefined } as AbortSignal
    const result = await tools.execute(call('work'), { signal })
    expect(result.success === false && result.error).toBe('aborted')
  })

  test('an unknown tool still fails as not found under an aborted signal', async () => {
    const result = await createToolManager().execute(call('ghost'), { signal: AbortSignal.abort('late') })
    expect(result.success === false && result.error).toBe('tool not found: ghost')
  })

  test('a synchronous abort inside the dispatch pass prevents later handler entry', async () => {
    const tools = createToolManager()
    const controller = new AbortController()
    const entered: string[] = []
    tools.add(createTool({ name: 'first', execute: () => (entered.push('first'), controller.abort('stop')) }))
    tools.add(createTool({ name: 'second', execute: () => entered.push('second') }))
    const results = await tools.execute([call('first'), call('second')], { signal: controller.signal })
    expect(entered).toEqual(['first'])
    expect(results[1]).toEqual({ id: 'second', name: 'second', success: false, error: 'stop' })
  })

  test('an abort after entry reaches only handlers that observe the signal and does not force settling', async () => {
    const tools = createToolManager()
    const controller = new AbortController()
    const gate = deferred()
    tools.add(
      createTool({
        name: 'observes',
        execute: (_args, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('observed abort')))),
      }),
    )
    tools.add(createTool({ name: 'ignores', execute: async () => (await gate.promise, 'finished anyway') }))
    const pending = tools.execute([call('observes'), call('ignores')], { signal: controller.signal })
    controller.abort('cancel')
    gate.resolve()
    expect(await pending).toEqual([
      { id: 'observes', name: 'observes', success: false, error: 'observed abort' },
      { id: 'ignores', name: 'ignores', success: true, value: 'finished anyway' },
    ])
  })
})
