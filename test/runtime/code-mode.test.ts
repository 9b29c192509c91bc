import { describe, expect, test } from 'vitest'
import { createCodeApi, createTool, createToolManager, runCode, ToolCallError, type ToolCall } from '../../src/index.js'

/** A registry with a pure lookup, a consequential payment, and a streaming log. */
function registry() {
  const tools = createToolManager()
  const paid: unknown[] = []
  let lookups = 0
  tools.add(
    createTool({
      name: 'get_order',
      contract: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false },
      execute: (args: { id: number }) => (lookups++, { id: args.id, total: args.id * 10, status: args.id % 3 === 0 ? 'late' : 'ok' }),
    }),
  )
  tools.add(
    createTool({
      name: 'refund',
      annotations: { consequential: true },
      contract: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false },
      execute: (args: { id: number }) => (paid.push(args.id), { refunded: args.id }),
    }),
  )
  tools.add(
    createTool({
      name: 'tail-logs',
      contract: { type: 'object', properties: { lines: { type: 'integer' } }, required: ['lines'] },
      async *execute(args: { lines: number }) {
        for (let index = 0; index < args.lines; index++) yield `line ${index}`
      },
    }),
  )
  return { tools, paid, lookups: () => lookups }
}

/** The code API of a registry, with tail-logs marked streaming as its catalog entry would. */
function apiOf(tools: ReturnType<typeof registry>['tools'], options: Parameters<typeof createCodeApi>[1] = {}) {
  return createCodeApi(tools, { ...options, catalog: [{ name: 'tail-logs', stream: true }] })
}

describe('createCodeApi over a registry', () => {
  test('one async function per tool, named as the exported API names them; results come back, faults throw ToolCallError', async () => {
    const { tools } = registry()
    const api = await apiOf(tools)
    expect(Object.keys(api).sort()).toEqual(['get_order', 'refund', 'tail_logs'])
    expect(await api.get_order!({ id: 3 })).toEqual({ id: 3, total: 30, status: 'late' })
    const fault = await (api.get_order!({ id: 'three' }) as Promise<unknown>).catch((error: unknown) => error)
    expect(fault).toBeInstanceOf(ToolCallError)
    expect(fault).toMatchObject({ tool: 'get_order', message: 'id: type; expected integer; received "three"' })
    const chunks: unknown[] = []
    for await (const chunk of api.tail_logs!({ lines: 2 }) as AsyncIterable<unknown>) chunks.push(chunk)
    expect(chunks).toEqual(['line 0', 'line 1'])
  })

  test('a consequential tool asks the confirm hook with the call; a decline (or no hook) throws', async () => {
    const { tools, paid } = registry()
    const asked: ToolCall[] = []
    const yes = await apiOf(tools, { confirm: (call) => (asked.push(call), call.arguments.id === 1) })
    expect(await yes.refund!({ id: 1 })).toEqual({ refunded: 1 })
    await expect(yes.refund!({ id: 2 })).rejects.toThrow(new ToolCallError('refund', 'confirmation denied: refund'))
    await expect((await apiOf(tools)).refund!({ id: 3 })).rejects.toThrow('confirmation required: refund')
    expect(asked.map((call) => call.arguments)).toEqual([{ id: 1 }, { id: 2 }])
    expect(paid).toEqual([1])
  })
})

describe('runCode', () => {
  test('a program calls a tool twenty times in a loop, filters, and only its return value and logs come back', async () => {
    const { tools, lookups } = registry()
    const api = await apiOf(tools)
    const result = await runCode(
      `interface Order { id: number; total: number; status: string }
       const late: Order[] = []
       for (let id = 1; id <= 20; id++) {
         const order: Order = await get_order({ id })
         if (order.status === 'late') late.push(order)
       }
       console.log('checked', 20, { late: late.length })
       return { late: late.map((order) => order.id), total: late.reduce((sum, order) => sum + order.total, 0) }`,
      { api },
    )
    expect(result).toEqual({ success: true, value: { late: [3, 6, 9, 12, 15, 18], total: 630 }, logs: [{ level: 'log', text: 'checked 20 {"late":6}' }], calls: 20 })
    expect(lookups()).toBe(20)
  })

  test('a wrong call throws ToolCallError inside the program with the fault text; uncaught, it is the failure', async () => {
    const api = await apiOf(registry().tools)
    const caught = await runCode(`try { await get_order({ id: 'x' }) } catch (error) { return [error instanceof ToolCallError, error.tool, error.message] }`, { api })
    expect(caught).toMatchObject({ success: true, value: [true, 'get_order', 'id: type; expected integer; received "x"'] })
    const uncaught = await runCode('await get_order({})', { api })
    expect(uncaught).toMatchObject({ success: false, errorName: 'ToolCallError', error: 'id: required; expected a value' })
  })

  test('a consequential call asks for confirmation; a decline throws inside the program, which may go on', async () => {
    const { tools, paid } = registry()
    const api = await apiOf(tools, { confirm: (call) => call.arguments.id !== 2 })
    const result = await runCode(
      `const done = []
       for (const id of [1, 2, 3]) {
         try { done.push((await refund({ id })).refunded) } catch (error) { done.push(error.message) }
       }
       return done`,
      { api },
    )
    expect(result).toMatchObject({ success: true, value: [1, 'confirmation denied: refund', 3] })
    expect(paid).toEqual([1, 3])
  })

  test('a streaming tool is iterated with for await; tools are also members of `tools`', async () => {
    const api = await apiOf(registry().tools)
    const result = await runCode('const lines: string[] = []\nfor await (const line of tools.tail_logs({ lines: 3 })) lines.push(line)\nreturn lines', { api })
    expect(result).toMatchObject({ success: true, value: ['line 0', 'line 1', 'line 2'] })
  })

  test('a syntax error is a failure naming the place', async () => {
    const api = await apiOf(registry().tools)
    const result = await runCode('const x: number = \nreturn x +', { api })
    expect(result).toMatchObject({ success: false, errorName: 'SyntaxError' })
    expect(result.success === false && result.error).toMatch(/^program\.ts:\d+:\d+: /)
  })
})

describe('hostile programs are stopped or find nothing, and the host keeps serving', () => {
  const limits = { timeoutMs: 1000, memoryBytes: 16 * 1024 * 1024 }

  test.each([
    ['an endless loop', 'for (;;) {}', /time limit|longer than/],
    ['an endless async loop', 'for (;;) { await null }', /time limit|longer than/],
    ['a string bomb', "let s = 'x'; const keep = []; for (;;) { keep.push(s); s = s + s }", /memory|too long/],
    ['an array bomb', 'const a = []; for (;;) a.push(new Array(1e5).fill(1))', /memory|longer than/],
    ['deep recursion', 'const down = (n: number): number => down(n + 1) + 1; return down(0)', /stack/],
    ['awaiting forever', 'await new Promise(() => {})', /never settles/],
  ])('%s is stopped', { timeout: 60_000 }, async (_, source, reason) => {
    const { tools } = registry()
    const api = await apiOf(tools)
    const started = Date.now()
    const result = await runCode(source, { api, ...limits })
    expect(result.success).toBe(false)
    expect(result.success === false && result.error).toMatch(reason)
    // The first run of a QuickJS path may wait on V8 compiling the engine's WebAssembly (seconds on a busy machine).
    expect(Date.now() - started).toBeLessThan(30_000)
    // The host serves other calls afterwards, inside and outside a sandbox.
    expect(await api.get_order!({ id: 1 })).toMatchObject({ id: 1 })
    expect(await runCode('return (await get_order({ id: 2 })).total', { api })).toMatchObject({ success: true, value: 20 })
  })

  test('probing for the host finds nothing: process, require, import(), fetch, the host globalThis', async () => {
    const api = await apiOf(registry().tools)
    const result = await runCode(
      `const found: Record<string, string> = {}
       for (const name of ['process', 'require', 'module', 'fetch', 'XMLHttpRequest', 'WebAssembly', 'Deno', 'Bun', 'setTimeout', 'global', 'Buffer']) found[name] = typeof (globalThis as any)[name]
       let imported = 'no'
       try { await import('node:fs'); imported = 'yes' } catch (error) { imported = 'refused' }
       found.import = imported
       found.globals = Object.getOwnPropertyNames(globalThis).filter((name) => !/^[A-Z]/.test(name)).sort().join(',')
       found.constructorEscape = get_order.constructor('return typeof process')()
       return found`,
      { api },
    )
    expect(result.success, JSON.stringify(result)).toBe(true)
    const found = (result as { value: Record<string, string> }).value
    for (const name of ['process', 'require', 'module', 'fetch', 'XMLHttpRequest', 'WebAssembly', 'Deno', 'Bun', 'setTimeout', 'global', 'Buffer']) expect(found[name], name).toBe('undefined')
    expect(found.import).not.toBe('yes')
    expect(found.constructorEscape).toBe('undefined')
    expect(found.globals?.split(',')).toEqual(expect.arrayContaining(['console', 'get_order', 'refund', 'tail_logs', 'tools']))
  })

  test('prototype tampering of the bridge changes nothing on the host', async () => {
    const { tools, paid } = registry()
    const api = await apiOf(tools, { confirm: () => false })
    const result = await runCode(
      `Object.prototype.success = true
       Object.defineProperty(Object.prototype, 'value', { get() { return 'pwned' } })
       Array.prototype.push = function () { return 0 }
       JSON.stringify = () => '{"id":1}'
       JSON.parse = () => ({ value: 'forged' })
       Function.prototype.call = function () { return 'hijacked' }
       ;(globalThis as any).tools = { refund: async () => 'forged' }
       try { await refund({ id: 7 }) } catch (error) { return 'denied: ' + error.message }
       return 'not denied'`,
      { api },
    )
    expect(paid).toEqual([])
    expect(result.success === true ? result.value : result.error).not.toBe('not denied')
    expect(({} as Record<string, unknown>).success).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'value')).toBe(false)
    expect(await api.get_order!({ id: 4 })).toEqual({ id: 4, total: 40, status: 'ok' })
  })

  test('a program returning a value that is not JSON, or flooding the console, is bounded', async () => {
    const api = await apiOf(registry().tools)
    expect(await runCode('return undefined', { api })).toMatchObject({ success: true, value: null })
    const flood = await runCode('for (let i = 0; i < 5000; i++) console.log(i)\nreturn 1', { api, maxLogLines: 10 })
    expect(flood.logs).toHaveLength(11)
    expect(flood.logs.at(-1)?.text).toBe('(4990 more console lines dropped)')
  })

  test('many programs at once each get their own sandbox', async () => {
    const api = await apiOf(registry().tools)
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => runCode(`globalThis.mine = ${index}; await get_order({ id: 1 }); return globalThis.mine`, { api })))
    expect(results.map((result) => (result.success ? result.value : result.error))).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })
})
