import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listAllTools, startMcpSession, type McpSession } from './mcp-session.js'

// fixtures/mcp-host: tools with each kind of annotation, two declaration-only tools of which
// host/handlers.ts handles one, `tag` (echo after a delay) and `slow` (logs to calls.log when it
// starts and how it ends). Driven by the SDK's own Client over stdio.
const megabyte = 1024 * 1024

/** Reads a file of the served project, or '' when it does not exist (yet). */
const readLog = (session: McpSession, file: string): string => {
  const at = path.join(session.project, file)
  return existsSync(at) ? readFileSync(at, 'utf8') : ''
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('serve --mcp --handlers host/handlers.ts', () => {
  let session: McpSession
  beforeAll(async () => {
    session = await startMcpSession('mcp-host', ['--handlers', 'host/handlers.ts'])
  })
  afterAll(() => session?.close())

  test('hints as MCP 2025-11-25 reads them: only what the author stated; the title as the tool title', async () => {
    const { tools } = await listAllTools(session.client)
    const shown = Object.fromEntries(tools.map((tool) => [tool.name, { title: tool.title, annotations: tool.annotations }]))
    expect(shown).toEqual({
      append_log: { title: undefined, annotations: undefined },
      fetch_page: { title: undefined, annotations: { openWorldHint: true } },
      lookup_order: { title: undefined, annotations: { readOnlyHint: true } },
      ping: { title: undefined, annotations: undefined },
      read_file: { title: 'Read a file', annotations: { readOnlyHint: true } },
      slow: { title: undefined, annotations: { readOnlyHint: true } },
      stray: { title: undefined, annotations: undefined },
      tag: { title: undefined, annotations: { readOnlyHint: true } },
      wipe_disk: { title: undefined, annotations: { destructiveHint: true } },
    })
  })

  test('a declaration-only tool runs with the host handler, its module imported at the first call, once', async () => {
    expect(readLog(session, 'handlers.log')).toBe('')
    const first = await session.client.callTool({ name: 'lookup_order', arguments: { orderId: 'ORD-000017' } })
    expect(first).toEqual({ content: [{ type: 'text', text: JSON.stringify({ orderId: 'ORD-000017', status: 'refunded' }) }] })
    const second = await session.client.callTool({ name: 'lookup_order', arguments: { orderId: 'ORD-000018' } })
    expect(second.content).toEqual([{ type: 'text', text: JSON.stringify({ orderId: 'ORD-000018', status: 'shipped' }) }])
    expect(readLog(session, 'handlers.log')).toBe('imported\n')
  })

  test('the arguments of a host-handled tool are validated before its handler runs', async () => {
    const result = await session.client.callTool({ name: 'lookup_order', arguments: { orderId: 'nope' } })
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('orderId: pattern') }])
  })

  test('a declaration-only tool without a handler is not listed, and the start-up line names it', async () => {
    const { tools } = await listAllTools(session.client)
    expect(tools.map((tool) => tool.name)).not.toContain('refund_order')
    const call = session.client.callTool({ name: 'refund_order', arguments: { orderId: 'ORD-000001', amount: 5 } })
    await expect(call).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: refund_order') })
    expect(session.stderr()).toContain('toolcat: serving 9 tools over MCP (stdio); not listed (declaration-only, no handler): refund_order')
  })

  test('exports that name no declaration-only tool are reported and ignored', async () => {
    expect(session.stderr()).toContain('warning: host/handlers.ts exports "not_a_tool", which names no tool: ignored')
    expect(session.stderr()).toContain('warning: host/handlers.ts exports "ping", but that tool has its own execute: ignored')
    expect((await session.client.callTool({ name: 'ping', arguments: {} })).structuredContent).toEqual({ result: 'pong' })
  })

  test('serverInfo names the served package and its version', () => {
    expect(session.client.getServerVersion()).toMatchObject({ name: 'mcp-host-fixture', version: '3.4.5' })
  })

  test('a 16 MB tools/call is refused with its own id, and the next call on the same connection is answered', async () => {
    const huge = session.client.callTool({ name: 'tag', arguments: { text: 'x'.repeat(16 * megabyte) } })
    await expect(huge).rejects.toBeInstanceOf(McpError)
    await expect(huge).rejects.toMatchObject({ code: -32600, message: expect.stringMatching(/tools\/call request of 1677\d{4} bytes is larger than the server accepts \(8388608 bytes, --max-request-bytes\)/) })
    const next = await session.client.callTool({ name: 'tag', arguments: { text: 'still here' } })
    expect(next.structuredContent).toEqual({ text: 'still here' })
    expect(session.stderr()).toMatch(/toolcat: refused: tools\/call request of \d+ bytes .* \(id \d+\)/)
  })

  test('arguments over the registry limit (5 MB) are an isError result naming the limit', async () => {
    const result = await session.client.callTool({ name: 'tag', arguments: { text: 'y'.repeat(5 * megabyte) } })
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'arguments larger than 4194304 bytes' }] })
  })

  test('200 concurrent calls, finishing out of order, are each answered to their own request', async () => {
    const calls = Array.from({ length: 200 }, (_, index) =>
      session.client.callTool({ name: 'tag', arguments: { text: `call-${index}`, delayMs: (index * 37) % 50 } }),
    )
    const results = await Promise.all(calls)
    expect(results.map((result) => (result.structuredContent as { text: string }).text)).toEqual(calls.map((_, index) => `call-${index}`))
  })

  test('a call the client cancels mid-way is aborted in the handler and dropped with a log line; the server keeps serving', async () => {
    const cancel = new AbortController()
    const call = session.client.callTool({ name: 'slow', arguments: { ms: 60_000, label: 'cancelled' } }, undefined, { signal: cancel.signal })
    await until(() => readLog(session, 'calls.log').includes('start cancelled'), 'the slow call to start')
    cancel.abort('user pressed stop')
    await expect(call).rejects.toThrow(/user pressed stop/)
    await until(() => readLog(session, 'calls.log').includes('aborted cancelled'), 'the handler to see the abort')
    await until(() => /tools\/call \d+ \(slow\) was cancelled/.test(session.stderr()), 'the log line')
    expect((await session.client.callTool({ name: 'tag', arguments: { text: 'after cancel' } })).structuredContent).toEqual({ text: 'after cancel' })
  })
})

test('a client that disconnects mid-call: the call is aborted, the server says why it stops and exits 0', async () => {
  const session = await startMcpSession('mcp-host', [], { reportExit: true })
  try {
    const call = session.client.callTool({ name: 'slow', arguments: { ms: 60_000, label: 'orphan' } }).catch((error: unknown) => error)
    await until(() => readLog(session, 'calls.log').includes('start orphan'), 'the slow call to start')
    await session.disconnect()
    expect(await call).toBeInstanceOf(McpError)
    await until(() => /^exit \d+$/m.test(session.stderr()), 'the server to exit')
    expect(readLog(session, 'calls.log')).toBe('start orphan\naborted orphan\n')
    const lines = session.stderr().trim().split('\n')
    expect(lines.slice(-3)).toEqual([
      'toolcat: stdin ended (the client disconnected), stopping',
      expect.stringMatching(/^toolcat: tools\/call \d+ \(slow\) was cancelled/),
      'exit 0',
    ])
    expect(session.stderr()).not.toMatch(/\n\s+at /)
  } finally {
    await session.close()
  }
})
