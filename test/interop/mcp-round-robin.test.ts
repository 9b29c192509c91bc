import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/client'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { builtProject, startHttpServer, type HttpServer } from './mcp-served.js'

// Stateless scale: two `serve --mcp out --http` processes behind a plain round-robin proxy of
// our own; one client's whole sequence of requests succeeds although consecutive requests land
// on different processes.
let built: ReturnType<typeof builtProject>
let servers: HttpServer[] = []
let proxy: Server
let proxyUrl: string
const served: number[] = []

beforeAll(async () => {
  built = builtProject()
  // One confirmation secret for both: a state one process issued is checked by the other.
  const env = { TOOLCAT_CONFIRM_SECRET: 'round-robin-secret' }
  servers = await Promise.all([startHttpServer(built.project, [], { env }), startHttpServer(built.project, [], { env })])
  let next = 0
  proxy = createServer((req, res) => {
    const index = next++ % servers.length
    served.push(index)
    const target = new URL(servers[index]?.url as string)
    // The Host header is the backend's, as a reverse proxy on loopback would set it.
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`
}, 60_000)
afterAll(async () => {
  proxy?.close()
  await Promise.all(servers.map((server) => server.stop()))
  built?.remove()
})

test('a 2026-07-28 client: discover, list, calls and a confirmed transfer, alternating between two processes', async () => {
  const client = new Client({ name: 'round-robin', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } })
  client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { confirm: true } }))
  await client.connect(new StreamableHTTPClientTransport(new URL(proxyUrl)))
  const { tools } = await client.listTools()
  expect(tools).toHaveLength(5)
  for (let index = 0; index < 6; index++) {
    expect((await client.callTool({ name: 'echo', arguments: { text: `n${index}` } })).structuredContent).toEqual({ text: `n${index}` })
  }
  // The retry that carries the person's yes reaches the other process than the one that asked.
  expect((await client.callTool({ name: 'transfer', arguments: { to: 'ACC-9', amount: 5 } })).content).toEqual([{ type: 'text', text: '"sent 5 to ACC-9"' }])
  await client.close()
  expect(new Set(served)).toEqual(new Set([0, 1]))
  expect(served.length).toBeGreaterThanOrEqual(9)
})

test('a 2025-11-25 client: the handshake on one process, the rest on both', async () => {
  const client = new Client({ name: 'round-robin-legacy', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(proxyUrl)))
  for (let index = 0; index < 4; index++) expect((await client.listTools()).tools).toHaveLength(5)
  expect((await client.callTool({ name: 'test_simple_text', arguments: {} })).isError).toBeUndefined()
  await client.close()
})
