import { describe, expect, test } from 'vitest'
import { createMcpHandler, type McpRegistry } from '../../src/interop/mcp/index.js'
import type { ToolCall, ToolResult } from '../../src/runtime/types.js'

// createMcpHandler over any registry (definitions() + execute()), no catalog, no CLI: what a
// wrapper registry (a search front, a host's own tools) gets from toolcat/mcp.
const gates: (() => void)[] = []
const registry: McpRegistry = {
  definitions: () => [
    { name: 'hold', description: 'Wait until released.', parameters: { type: 'object' } },
    { name: 'greet', description: 'Say hello.', parameters: { type: 'object', properties: { who: { type: 'string' } } }, annotations: { pure: true } },
  ],
  execute: (async (call: ToolCall): Promise<ToolResult> => {
    if (call.name === 'hold') await new Promise<void>((resolve) => gates.push(resolve))
    return { id: call.id, name: call.name, success: true, value: `hello ${String(call.arguments.who ?? 'you')}` }
  }) as McpRegistry['execute'],
}

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
function post(body: unknown, headers: Record<string, string> = {}): Request {
  const method = (body as { method?: string }).method ?? ''
  const name = (body as { params?: { name?: string } }).params?.name
  return new Request('http://127.0.0.1:9/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }), ...headers },
    body: JSON.stringify(body),
  })
}
const call = (id: number, name: string, args: object = {}) => post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: meta } })

describe('createMcpHandler over a plain registry', () => {
  test('lists the registry definitions and runs calls through it', async () => {
    const handler = createMcpHandler({ registry, serverInfo: { name: 'wrapper', version: '9.9.9' } })
    const list = (await (await handler(post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }))).json()) as any
    expect(list.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['hold', 'greet'])
    expect(list.result.tools[1].annotations).toEqual({ readOnlyHint: true })
    const greeted = (await (await handler(call(2, 'greet', { who: 'ada' }))).json()) as any
    expect(greeted.result).toEqual({ resultType: 'complete', content: [{ type: 'text', text: '"hello ada"' }] })
    const discover = (await (await handler(post({ jsonrpc: '2.0', id: 3, method: 'server/discover', params: { _meta: meta } }))).json()) as any
    expect(discover.result.serverInfo).toEqual({ name: 'wrapper', version: '9.9.9' })
  })

  test('bounds the requests in flight: the excess is 503 with a JSON-RPC error, and served again once one ends', async () => {
    const handler = createMcpHandler({ registry, maxInFlight: 2 })
    const held = [handler(call(1, 'hold')), handler(call(2, 'hold'))]
    await new Promise((resolve) => setTimeout(resolve, 20))
    const refused = await handler(call(3, 'greet'))
    expect(refused.status).toBe(503)
    expect(await refused.json()).toMatchObject({ id: 3, error: { code: -32000 } })
    for (const release of gates.splice(0)) release()
    expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200])
    expect((await handler(call(4, 'greet'))).status).toBe(200)
  })

  test('refuses what it must: unauthorized 401, unknown Host 403, not JSON 415, a batch 400; a notification is 202; an unknown method is -32601', async () => {
    const handler = createMcpHandler({ registry, authorize: (request) => request.headers.get('authorization') === 'Bearer t', allowedHosts: ['127.0.0.1:9'] })
    const auth = { authorization: 'Bearer t' }
    const unauthorized = await handler(call(1, 'greet'))
    expect([unauthorized.status, unauthorized.headers.get('www-authenticate')]).toEqual([401, 'Bearer'])
    expect((await handler(post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { ...auth, host: 'evil.example:9' }))).status).toBe(403)
    expect((await handler(post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { ...auth, 'content-type': 'text/plain' }))).status).toBe(415)
    expect((await handler(post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], auth))).status).toBe(400)
    expect((await handler(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { ...auth, 'mcp-protocol-version': '2025-11-25' }))).status).toBe(202)
    const unknown = (await (await handler(post({ jsonrpc: '2.0', id: 5, method: 'tools/explode', params: { _meta: meta } }, auth))).json()) as any
    expect(unknown.error).toEqual({ code: -32601, message: 'Method not found: tools/explode' })
  })
})
