import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtProject, envelope, postModern, startHttpServer, type HttpServer } from './mcp-served.js'

// Raw HTTP against `toolcat serve --mcp out --http`: the 2026-07-28 details no SDK shows.
let built: ReturnType<typeof builtProject>
let server: HttpServer

beforeAll(async () => {
  built = builtProject()
  server = await startHttpServer(built.project, ['--cache-ttl-ms', '30000', '--page-size', '3', '--max-request-bytes', '100000', '--allowed-origin', 'https://app.example.com'])
}, 60_000)
afterAll(async () => {
  await server?.stop()
  built?.remove()
})

describe('2026-07-28 over Streamable HTTP', () => {
  test('no handshake: the first request is a tools/list, answered with resultType and the cache hints', async () => {
    const first = await postModern(server.url, 1, 'tools/list')
    expect(first.status).toBe(200)
    expect(first.body.result).toMatchObject({ resultType: 'complete', ttlMs: 30000, cacheScope: 'public', nextCursor: expect.any(String) })
    expect(first.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo', 'test_error_handling', 'test_simple_text'])
    const second = await postModern(server.url, 1, 'tools/list', { cursor: first.body.result.nextCursor })
    expect(second.body.result).toMatchObject({ resultType: 'complete', ttlMs: 30000, cacheScope: 'public' })
    expect(second.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(['transfer', 'wait'])
    expect(second.body.result.nextCursor).toBeUndefined()
    expect(first.headers.get('mcp-session-id')).toBeNull()
  })

  test('a listing is byte-identical from one request to the next', async () => {
    const [a, b] = [await postModern(server.url, 7, 'tools/list'), await postModern(server.url, 7, 'tools/list')]
    expect(a.text).toBe(b.text)
  })

  test('server/discover answers versions, capabilities, serverInfo and the tools at once, with the cache hints', async () => {
    const { body } = await postModern(server.url, 2, 'server/discover')
    expect(body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 30000,
      cacheScope: 'public',
      supportedVersions: expect.arrayContaining(['2026-07-28', '2025-11-25']),
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: 'mcp-served-fixture', version: '1.2.3' },
    })
    expect(body.result.tools).toHaveLength(3)
  })

  test('tools/call answers with resultType complete', async () => {
    const { body } = await postModern(server.url, 3, 'tools/call', { name: 'echo', arguments: { text: 'hi' } })
    expect(body.result).toEqual({ resultType: 'complete', content: [{ type: 'text', text: '{"text":"hi"}' }], structuredContent: { text: 'hi' } })
  })

  test('a consequential call asks through input_required, shows the validated arguments, and runs only on an explicit yes', async () => {
    const elicit = { elicitation: { form: {} } }
    const args = { to: 'ACC-1', amount: '250' }
    const asked = await postModern(server.url, 4, 'tools/call', { name: 'transfer', arguments: args }, {}, elicit)
    expect(asked.body.result).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) })
    const request = asked.body.result.inputRequests.confirm
    expect(request.method).toBe('elicitation/create')
    // The coerced amount: what the handler would receive, not what was sent.
    expect(request.params.message).toContain('"amount": 250')
    const retry = (answer: unknown, requestState = asked.body.result.requestState) =>
      postModern(server.url, 5, 'tools/call', { name: 'transfer', arguments: args, inputResponses: { confirm: answer }, requestState }, {}, elicit)
    expect((await retry({ action: 'accept', content: { confirm: true } })).body.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: '"sent 250 to ACC-1"' }] })
    expect((await retry({ action: 'decline' })).body.result).toMatchObject({ isError: true, content: [{ text: 'confirmation denied: transfer' }] })
    expect((await retry({ action: 'accept', content: { confirm: false } })).body.result).toMatchObject({ isError: true })
    // An answer for other arguments (another requestState) asks again.
    expect((await retry({ action: 'accept', content: { confirm: true } }, 'forged')).body.result.resultType).toBe('input_required')
  })

  test('a client that declared no elicitation cannot confirm: the call is refused', async () => {
    const { body } = await postModern(server.url, 6, 'tools/call', { name: 'transfer', arguments: { to: 'x', amount: 1 } })
    expect(body.result).toMatchObject({ resultType: 'complete', isError: true, content: [{ text: 'confirmation required: transfer' }] })
  })

  test.each([
    ['MCP-Protocol-Version', { 'mcp-protocol-version': '2025-11-25' }],
    ['Mcp-Method', { 'mcp-method': 'tools/list' }],
    ['Mcp-Name', { 'mcp-name': 'wait' }],
  ])('a %s header that disagrees with the body is 400 HeaderMismatch', async (_, headers) => {
    const { status, body } = await postModern(server.url, 8, 'tools/call', { name: 'echo', arguments: { text: 'x' } }, headers)
    expect(status).toBe(400)
    expect(body).toMatchObject({ id: 8, error: { code: -32020, message: expect.stringContaining('Header mismatch') } })
  })

  test('an unsupported protocol version in _meta is refused with the supported list', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: { ...envelope(), 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: -32022, data: { supported: expect.arrayContaining(['2026-07-28']) } } })
  })

  test('GET is 405', async () => {
    const response = await fetch(server.url, { headers: { accept: 'text/event-stream' } })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  test('an Origin is served when --allowed-origin lists it or it is the server\'s own loopback origin; a foreign one is 403', async () => {
    expect((await postModern(server.url, 10, 'tools/list', {}, { origin: 'http://evil.example.com' })).status).toBe(403)
    expect((await postModern(server.url, 10, 'tools/list', {}, { origin: new URL(server.url).origin })).status).toBe(200)
    expect((await postModern(server.url, 10, 'tools/list', {}, { origin: 'https://app.example.com' })).status).toBe(200)
  })

  test('an oversized body is 413 and the server answers the next request', async () => {
    const { status, body, text } = await postModern(server.url, 11, 'tools/call', { name: 'echo', arguments: { text: 'x'.repeat(200_000) } })
    expect(status, text).toBe(413)
    expect(body.error).toMatchObject({ code: -32600, message: expect.stringContaining('larger than the server accepts (100000 bytes)') })
    expect((await postModern(server.url, 12, 'tools/list')).status).toBe(200)
  })

  test('an unknown tool is InvalidParams, its code said once', async () => {
    const { body } = await postModern(server.url, 13, 'tools/call', { name: 'no_such_tool', arguments: {} })
    expect(body.error).toEqual({ code: -32602, message: 'Unknown tool: no_such_tool' })
  })
})

describe('2025-11-25 over Streamable HTTP, stateless', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) })

  test('initialize answers the handshake revision without a session; any Mcp-Session-Id is tolerated afterwards', async () => {
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })
    expect(await init.json()).toMatchObject({ result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'mcp-served-fixture' } } })
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': 'whatever' })).status).toBe(202)
    const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': 'from-another-server', 'mcp-protocol-version': '2025-11-25' })
    const { result } = (await list.json()) as { result: Record<string, unknown> }
    expect(result.resultType).toBeUndefined()
    expect(result.ttlMs).toBeUndefined()
  })
})
