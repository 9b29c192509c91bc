import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ToolCall, ToolContext } from '../../src/index.js'
import { createTool, createToolManager } from '../../src/index.js'
import { isPending } from './support.js'

const call: ToolCall = { id: 'c1', name: 'wire', arguments: { amount: 10 } }

/** A registry holding one consequential tool, and a log of its entries. */
function setup() {
  const entered: unknown[] = []
  const tools = createToolManager()
  tools.add(createTool({ name: 'wire', annotations: { consequential: true }, execute: (args) => (entered.push(args), 'sent') }))
  return { tools, entered }
}

const withConfirm = (confirm: ToolContext['confirm'], signal = new AbortController().signal): ToolContext => ({ signal, confirm })
const denied = { id: 'c1', name: 'wire', success: false, error: 'confirmation denied: wire' }

afterEach(() => {
  vi.useRealTimers()
})

describe('confirmation of consequential tools', () => {
  test('without a confirm hook the call fails as confirmation required', async () => {
    const { tools, entered } = setup()
    expect(await tools.execute(call)).toEqual({ id: 'c1', name: 'wire', success: false, error: 'confirmation required: wire' })
    expect(entered).toEqual([])
  })

  test('a hook answering true (synchronously or not) lets the tool run, and is asked with the call', async () => {
    const { tools, entered } = setup()
    const asked: ToolCall[] = []
    expect(await tools.execute(call, withConfirm((asking) => (asked.push(asking), true)))).toEqual({ id: 'c1', name: 'wire', success: true, value: 'sent' })
    expect(await tools.execute(call, withConfirm(async () => true))).toMatchObject({ success: true })
    expect(asked).toEqual([call])
    expect(entered).toHaveLength(2)
  })

  test('false, or any answer that is not exactly true, is a denial', async () => {
    const { tools, entered } = setup()
    for (const answer of [false, 'yes', 1, {}, undefined]) {
      expect(await tools.execute(call, withConfirm(() => answer as boolean))).toEqual(denied)
    }
    expect(entered).toEqual([])
  })

  test('a hook that throws is a denial', async () => {
    const { tools, entered } = setup()
    const hook = (): boolean => {
      throw new Error('hook broke')
    }
    expect(await tools.execute(call, withConfirm(hook))).toEqual(denied)
    expect(entered).toEqual([])
  })

  test('a hook that rejects is a denial', async () => {
    const { tools, entered } = setup()
    expect(await tools.execute(call, withConfirm(() => Promise.reject(new Error('no'))))).toEqual(denied)
    expect(entered).toEqual([])
  })

  test('a hook that never answers never runs the tool, however much time passes', async () => {
    vi.useFakeTimers()
    const { tools, entered } = setup()
    let settled = false
    void tools.execute(call, withConfirm(() => new Promise<boolean>(() => undefined))).then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000)
    expect(settled).toBe(false)
    expect(entered).toEqual([])
  })

  test('an abort ends the wait with the abort failure', async () => {
    const { tools, entered } = setup()
    const controller = new AbortController()
    const pending = tools.execute(call, withConfirm(() => new Promise<boolean>(() => undefined), controller.signal))
    expect(await isPending(pending)).toBe(true)
    controller.abort('user left')
    expect(await pending).toEqual({ id: 'c1', name: 'wire', success: false, error: 'user left' })
    expect(entered).toEqual([])
  })

  test('an abort racing the approval wins: the tool is not entered', async () => {
    const { tools, entered } = setup()
    const controller = new AbortController()
    const approveThenAbort = async (): Promise<boolean> => {
      queueMicrotask(() => controller.abort('too late'))
      return true
    }
    const result = await tools.execute(call, withConfirm(approveThenAbort, controller.signal))
    expect(result).toEqual({ id: 'c1', name: 'wire', success: false, error: 'too late' })
    expect(entered).toEqual([])
  })

  test('a tool that is not consequential never asks', async () => {
    const tools = createToolManager()
    tools.add(createTool({ name: 'read', annotations: { consequential: false }, execute: () => 'read' }))
    let asked = false
    const result = await tools.execute({ ...call, name: 'read' }, withConfirm(() => (asked = true)))
    expect(result).toMatchObject({ success: true, value: 'read' })
    expect(asked).toBe(false)
  })
})
