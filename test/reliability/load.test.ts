import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createLazyRegistry, createTool, createToolManager, type ToolHandler, type ToolManagerInterface, type ToolManagerOptions, type ToolResult } from '../../src/index.js'
import { isPending } from '../runtime/support.js'

const callCount = 10_000
const echo: ToolHandler = async (args) => args['n']

function managerWith(handler: ToolHandler, options: ToolManagerOptions = {}): ToolManagerInterface {
  const tools = createToolManager(options)
  tools.add(createTool({ name: 'echo', execute: handler }))
  return tools
}

function lazyWith(handler: ToolHandler, options: ToolManagerOptions = {}): ToolManagerInterface {
  return createLazyRegistry([{ definition: { name: 'echo', parameters: { type: 'object' } }, load: async () => ({ handler }) }], options)
}

const calls = Array.from({ length: callCount }, (_unused, n) => ({ id: `call-${n}`, name: 'echo', arguments: { n } }))

function expectEachOnce(results: readonly ToolResult[]): void {
  expect(results).toHaveLength(callCount)
  expect(new Set(results.map((result) => result.id)).size).toBe(callCount)
  results.forEach((result, n) => expect(result).toEqual({ id: `call-${n}`, name: 'echo', success: true, value: n }))
}

describe('10,000 concurrent calls', () => {
  test.each([
    ['manager', () => managerWith(echo)],
    ['lazy registry', () => lazyWith(echo)],
  ])('through the %s each get exactly their own result, as separate calls and as one batch', async (_kind, create) => {
    const registry = create()
    expectEachOnce(await Promise.all(calls.map((call) => registry.execute(call))))
    expectEachOnce(await registry.execute(calls))
  })

  test.each(['manager', 'lazy'])('sharing one signal through the %s, retain a bounded heap (measured in a child process)', (kind) => {
    const script = fileURLToPath(new URL('heap-growth.mjs', import.meta.url))
    const output = execFileSync(process.execPath, ['--expose-gc', script, kind], { encoding: 'utf8' })
    const { growth, warnings } = JSON.parse(output) as { growth: number; warnings: string[] }
    // Three more rounds of 10,000 calls may keep caches warm, never a per-call residue.
    expect(growth).toBeLessThan(4 * 1024 * 1024)
    expect(warnings).toEqual([])
  })
})

describe('a handler that never settles', () => {
  const stuck: ToolHandler = (args) => (args['n'] === 0 ? new Promise(() => undefined) : args['n'])

  test('does not block its siblings in a batch', async () => {
    const tools = managerWith(stuck)
    const batch = tools.execute(calls.slice(0, 3))
    const siblings = await Promise.all(calls.slice(1, 3).map((call) => tools.execute(call)))
    expect(siblings.map((result) => result.success)).toEqual([true, true])
    expect(await isPending(batch)).toBe(true)
  })

  test.each([
    ['manager', managerWith],
    ['lazy registry', lazyWith],
  ])('with releaseOnAbort, an abort ends the caller’s wait on the %s with the abort failure', async (_kind, create) => {
    const controller = new AbortController()
    const pending = create(stuck, { releaseOnAbort: true }).execute(calls.slice(0, 2), { signal: controller.signal })
    expect(await isPending(pending)).toBe(true)
    controller.abort('caller gave up')
    expect(await isPending(pending)).toBe(false)
    expect(await pending).toEqual([
      { id: 'call-0', name: 'echo', success: false, error: 'caller gave up' },
      { id: 'call-1', name: 'echo', success: true, value: 1 },
    ])
  })

  test('by default the registry awaits the running handler, as the runtime guide specifies', async () => {
    const controller = new AbortController()
    const pending = managerWith(stuck).execute(calls[0]!, { signal: controller.signal })
    controller.abort('caller gave up')
    expect(await isPending(pending)).toBe(true)
  })
})
