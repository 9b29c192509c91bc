import { spawnSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMcpHandler, createNodeListener, type McpHandlerOptions, type McpRegistry } from '../../src/interop/mcp/index.js'
import type { ToolCall, ToolResult } from '../../src/runtime/types.js'
import { bin, builtProject, startHttpServer, type HttpServer } from './mcp-served.js'
import { rawRequest } from './raw-http.js'

// The head of an HTTP request, as a hostile client writes it: every header the handler reads,
// missing, malformed, duplicated, oversized or not ASCII, sent byte for byte over a socket to a
// createMcpHandler + createNodeListener server and to `serve --http`. Each request is answered,
// in bounded time, and neither server stops serving.
const gates: (() => void)[] = []
const registry: McpRegistry = {
  definitions: () => [
    { name: 'greet', description: 'Say hello.', parameters: { type: 'object', properties: { who: { type: 'string' } } } },
    { name: 'wipe', description: 'Wipe.', parameters: { type: 'object' }, annotations: { consequential: true } },
  ],
  execute: (async (call: ToolCall): Promise<ToolResult> => ({ id: call.id, name: call.name, success: true, value: `ran ${call.name}` })) as McpRegistry['execute'],
}

async function listen(options: Omit<McpHandlerOptions, 'registry'> = {}, wrap?: (req: Parameters<ReturnType<typeof createNodeListener>>[0]) => void): Promise<{ server: Server; port: number; url: string }> {
  const listener = createNodeListener(createMcpHandler({ registry, ...options }))
  const server = createServer((req, res) => {
    wrap?.(req)
    listener(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, port, url: `http://127.0.0.1:${port}/mcp` }
}

const modernMeta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
const bodies = [
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: modernMeta } }),
  JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' }, _meta: modernMeta } }),
  JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'f', version: '1' } } }),
  JSON.stringify({ jsonrpc: '2.0', id: 'é', method: 'tools/list' }),
]

/** A header value that cannot end the header line (no CR, LF): what a hostile client may write in one. */
const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 })
const latin1 = fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 20 })
const utf8AsBytes = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map((text) => Buffer.from(text.replace(/[\r\n]/g, ''), 'utf8').toString('latin1'))
const controls = fc.string({ unit: fc.constantFrom('\0', '\t', '\x01', '\x7f', '\x1b'), minLength: 1, maxLength: 4 })
const oversized = fc.integer({ min: 1_000, max: 20_000 }).map((size) => 'x'.repeat(size))

/** Values that mean something to the handler, per header; the fuzz mixes them with the hostile ones. */
const meaningful: Record<string, readonly string[]> = {
  host: ['a b', '127.0.0.1', 'localhost:1', '[::1', 'évil', '', ':', 'localhost:99999', '%', 'a/b', '@x', 'attacker.example'],
  origin: ['null', 'http://evil.example', 'http://127.0.0.1', '://', 'http://a b', '*'],
  'content-type': ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/jsonx', ''],
  accept: ['application/json, text/event-stream', 'text/event-stream', '*/*', ''],
  authorization: ['Bearer t', 'Bearer undefined', 'Bearer ', 'Basic x'],
  'mcp-protocol-version': ['2026-07-28', '2025-11-25', '1999-01-01', ''],
  'mcp-session-id': ['toolcat-e-x', 'toolcat-n-x', '', 'x'.repeat(300)],
  'mcp-method': ['ping', 'tools/call'],
  'mcp-name': ['echo', '=?base64?ZWNobw==?=', '=?base64?!!!?='],
}
const headerNames = Object.keys(meaningful)
const valueOf = (name: string) => fc.oneof(fc.constantFrom(...(meaningful[name] as string[])), ascii, latin1, utf8AsBytes, controls, oversized)
/** Per header: missing, once, or two or three times. */
const occurrences = (name: string) => fc.oneof(fc.constant<string[]>([]), fc.array(valueOf(name), { minLength: 1, maxLength: 3 }))
/** Content-Length: missing, right, smaller, larger (the body then padded to it), malformed, or twice. */
const contentLength = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.constant({ kind: 'right' as const }),
  fc.integer({ min: 0, max: 30 }).map((less) => ({ kind: 'less' as const, less })),
  fc.integer({ min: 1, max: 5_000 }).map((more) => ({ kind: 'more' as const, more })),
  fc.oneof(ascii, latin1, fc.constantFrom('-1', '1e3', '0x10', ' 5', '99999999999999999999')).map((value) => ({ kind: 'raw' as const, value })),
  fc.tuple(fc.constant('twice' as const), fc.boolean()).map(([, same]) => ({ kind: 'twice' as const, same })),
)
const requestArbitrary = fc.record({
  headers: fc.record(Object.fromEntries(headerNames.map((name) => [name, occurrences(name)])) as Record<string, fc.Arbitrary<string[]>>),
  length: contentLength,
  body: fc.constantFrom(...bodies),
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE'),
})

type FuzzedRequest = typeof requestArbitrary extends fc.Arbitrary<infer T> ? T : never

function headOf(request: FuzzedRequest): { head: string[]; body: string } {
  let body = request.body
  const lines = [`${request.method} /mcp HTTP/1.1`, 'Connection: close']
  for (const [name, values] of Object.entries(request.headers as Record<string, string[]>)) for (const value of values) lines.push(`${name}: ${value}`)
  const { length } = request
  const size = () => Buffer.byteLength(body)
  if (length.kind === 'right') lines.push(`Content-Length: ${size()}`)
  if (length.kind === 'less') lines.push(`Content-Length: ${Math.max(0, size() - length.less)}`)
  if (length.kind === 'more') {
    body = body + ' '.repeat(length.more)
    lines.push(`Content-Length: ${size()}`)
  }
  if (length.kind === 'raw') lines.push(`Content-Length: ${length.value}`)
  if (length.kind === 'twice') lines.push(`Content-Length: ${size()}`, `Content-Length: ${length.same ? size() : size() + 1}`)
  // Without a length the body cannot be framed: none is sent.
  if (length.kind === 'none') body = ''
  return { head: lines, body }
}

/** Every request of the fuzz is answered (a status line) within 3 s, never with the 500 of a handler that threw. */
async function fuzz(port: number, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requestArbitrary, async (request) => {
      const { head, body } = headOf(request)
      const answer = await rawRequest(port, head, body, 3000)
      if (answer.status === undefined) throw new Error(`unanswered after ${Math.round(answer.ms)} ms: ${JSON.stringify(head.map((line) => line.slice(0, 80)))}`)
      expect(answer.status).not.toBe(500)
    }),
    { numRuns: runs, interruptAfterTimeLimit: 60_000 },
  )
}

const pingHead = (port: number, extra: string[] = []) => {
  const body = bodies[0] as string
  return { head: ['POST /mcp HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Connection: close', 'Content-Type: application/json', 'MCP-Protocol-Version: 2026-07-28', 'Mcp-Method: ping', `Content-Length: ${Buffer.byteLength(body)}`, ...extra], body }
}

describe('createMcpHandler + createNodeListener on 127.0.0.1', () => {
  let served: Awaited<ReturnType<typeof listen>>
  beforeAll(async () => {
    served = await listen({ authorize: (request) => request.headers.get('authorization') !== 'Basic x' })
  })
  afterAll(() => served?.server.close())

  test('a Host the URL parser refuses (a b) is answered, not thrown out of the listener, and the server keeps serving', async () => {
    const { head, body } = pingHead(served.port)
    const bad = await rawRequest(served.port, head.map((line) => (line.startsWith('Host:') ? 'Host: a b' : line)), body)
    expect(bad.status).toBe(200)
    const good = await rawRequest(served.port, head, body)
    expect(good.status).toBe(200)
  })

  test('fuzzed heads (every header the handler reads: missing, malformed, duplicated, oversized, non-ASCII) are all answered and the server keeps serving', async () => {
    await fuzz(served.port, 120)
    const { head, body } = pingHead(served.port)
    expect((await rawRequest(served.port, head, body)).status).toBe(200)
  }, 90_000)
})

describe('serve --http', () => {
  let built: ReturnType<typeof builtProject>
  let server: HttpServer
  beforeAll(async () => {
    built = builtProject()
    server = await startHttpServer(built.project)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    built?.remove()
  })

  test('a Host the URL parser refuses (a b) is answered, and the server keeps serving', async () => {
    const port = Number(new URL(server.url).port)
    const { head, body } = pingHead(port)
    const bad = await rawRequest(port, head.map((line) => (line.startsWith('Host:') ? 'Host: a b' : line)), body)
    expect(bad.status).toBeDefined()
    expect(bad.status).toBeGreaterThanOrEqual(400)
    expect((await rawRequest(port, head, body)).status).toBe(200)
  })

  test('fuzzed heads are all answered and the process keeps serving', async () => {
    const port = Number(new URL(server.url).port)
    await fuzz(port, 80)
    const { head, body } = pingHead(port)
    expect((await rawRequest(port, head, body)).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  }, 90_000)
})

describe('DNS rebinding: Origin is checked against allowedOrigins, never against Host', () => {
  test('createMcpHandler without allowedOrigins refuses a page whose Origin matches its own Host (a rebound name)', async () => {
    const handler = createMcpHandler({ registry })
    const rebound = new Request('http://attacker.example:8080/mcp', {
      method: 'POST',
      headers: { host: 'attacker.example:8080', origin: 'http://attacker.example:8080', 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'wipe' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wipe', arguments: {}, _meta: modernMeta } }),
    })
    expect((await handler(rebound)).status).toBe(403)
  })

  test('through createNodeListener too: a rebound Host with its matching Origin is 403; a listed Origin is served', async () => {
    const served = await listen({ allowedOrigins: ['https://app.example.com'] })
    try {
      const { head, body } = pingHead(served.port)
      const rebound = head.map((line) => (line.startsWith('Host:') ? 'Host: attacker.example' : line))
      expect((await rawRequest(served.port, [...rebound, 'Origin: http://attacker.example'], body)).status).toBe(403)
      expect((await rawRequest(served.port, [...head, 'Origin: https://app.example.com'], body)).status).toBe(200)
    } finally {
      served.server.close()
    }
  })

  test('createNodeListener refuses to serve a handler with neither allowedHosts nor allowedOrigins on a non-loopback address, with one line saying what to set', async () => {
    const pretend = (req: { socket: object }) => Object.defineProperty(req.socket, 'localAddress', { value: '192.0.2.10', configurable: true })
    const unguarded = await listen({}, pretend)
    const guarded = await listen({ allowedHosts: ['mcp.example.com'] }, pretend)
    try {
      const { head, body } = pingHead(unguarded.port)
      const refused = await rawRequest(unguarded.port, head, body)
      expect(refused.status).toBe(500)
      const line = refused.text.split('\r\n\r\n')[1]?.trim() ?? ''
      expect(line.split('\n')).toHaveLength(1)
      expect(line).toMatch(/set allowedHosts/)
      const named = pingHead(guarded.port).head.map((text) => (text.startsWith('Host:') ? 'Host: mcp.example.com' : text))
      expect((await rawRequest(guarded.port, named, body)).status).toBe(200)
    } finally {
      unguarded.server.close()
      guarded.server.close()
    }
  })

  test('serve --http on a non-loopback address without --allowed-host or --allowed-origin refuses to start, with one line saying what to set', () => {
    const run = spawnSync(process.execPath, [bin, 'serve', '--mcp', 'out', '--http', '0.0.0.0:0'], { encoding: 'utf8', timeout: 20_000 })
    expect(run.status).toBe(2)
    const lines = run.stderr.trim().split('\n')
    expect(lines[0]).toMatch(/--allowed-host .*--allowed-origin/)
  })
})

describe('bytes of bodies in flight', () => {
  test('a body the budget has no room for is 503 to its own id, decided from its Content-Length while another body is unfinished', async () => {
    const served = await listen({ maxRequestBytes: 80_000, maxBufferedBytes: 100_000 })
    try {
      const payload = (id: number, size: number) => {
        const text = JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { _meta: modernMeta } })
        return text + ' '.repeat(size - Buffer.byteLength(text))
      }
      const head = (size: number) => ['POST /mcp HTTP/1.1', `Host: 127.0.0.1:${served.port}`, 'Connection: close', 'Content-Type: application/json', 'MCP-Protocol-Version: 2026-07-28', 'Mcp-Method: ping', `Content-Length: ${size}`]
      // The first body stays unfinished: 70,000 bytes declared, 60,000 sent.
      const { connect } = await import('node:net')
      const first = connect(served.port, '127.0.0.1')
      first.resume()
      const firstBody = payload(1, 70_000)
      first.write(`${head(70_000).join('\r\n')}\r\n\r\n${firstBody.slice(0, 60_000)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const second = await rawRequest(served.port, head(70_000), payload(2, 70_000))
      expect(second.status).toBe(503)
      expect(second.text).toContain('"id":2')
      // Streamed without a length (chunked), the same: refused at the chunk that crosses the budget.
      const chunked = ['POST /mcp HTTP/1.1', `Host: 127.0.0.1:${served.port}`, 'Connection: close', 'Content-Type: application/json', 'MCP-Protocol-Version: 2026-07-28', 'Mcp-Method: ping', 'Transfer-Encoding: chunked']
      const body = payload(3, 50_000)
      const chunks = `${(25_000).toString(16)}\r\n${body.slice(0, 25_000)}\r\n${(25_000).toString(16)}\r\n${body.slice(25_000)}\r\n0\r\n\r\n`
      expect((await rawRequest(served.port, chunked, chunks)).status).toBe(503)
      // Once the first ends, there is room again.
      first.end(firstBody.slice(60_000))
      await new Promise((resolve) => first.on('close', resolve))
      expect((await rawRequest(served.port, head(70_000), payload(4, 70_000))).status).toBe(200)
    } finally {
      served.server.close()
    }
  })
})
