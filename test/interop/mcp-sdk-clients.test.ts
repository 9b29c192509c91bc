import path from 'node:path'
import { Client as Client2, StreamableHTTPClientTransport as HttpTransport2 } from '@modelcontextprotocol/client'
import { StdioClientTransport as StdioTransport2 } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bin, builtProject, startHttpServer, type HttpServer } from './mcp-served.js'

// Both SDK lines' clients against a served build (`serve --mcp out`): list, call, and a
// consequential tool confirmed by the person (the client's elicitation handler) or declined.
let built: ReturnType<typeof builtProject>
let server: HttpServer
const clients: { close(): Promise<void> }[] = []

beforeAll(async () => {
  built = builtProject()
  server = await startHttpServer(built.project)
}, 60_000)
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  await server?.stop()
  built?.remove()
})

/** The person's answer, per call: the transfer to ACC-YES is confirmed, any other declined; the messages shown are kept. */
const shown: string[] = []
const person = (message: string) => {
  shown.push(message)
  return message.includes('"ACC-YES"') ? { action: 'accept' as const, content: { confirm: true } } : { action: 'decline' as const }
}
const transfer = (to: string) => ({ name: 'transfer', arguments: { to, amount: 100 } })

describe('SDK 1.x Client', () => {
  test('over Streamable HTTP: lists and calls; without elicitation a consequential call is refused; an unknown tool says its code once', async () => {
    const client = new Client({ name: 'sdk1-http', version: '1.0.0' })
    clients.push(client)
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    expect(client.getServerVersion()).toMatchObject({ name: 'mcp-served-fixture', version: '1.2.3' })
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'test_error_handling', 'test_simple_text', 'transfer', 'wait'])
    expect((await client.callTool({ name: 'echo', arguments: { text: 'over http' } })).structuredContent).toEqual({ text: 'over http' })
    expect(await client.callTool(transfer('ACC-YES'))).toEqual({ isError: true, content: [{ type: 'text', text: 'confirmation required: transfer' }] })
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((error: Error) => error)
    expect((unknown as Error).message).toBe('MCP error -32602: Unknown tool: no_such_tool')
  })

  test('over Streamable HTTP with elicitation: the confirmation is asked on the call\'s SSE stream; yes runs, no refuses', async () => {
    const client = new Client({ name: 'sdk1-http-elicit', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    clients.push(client)
    client.setRequestHandler(ElicitRequestSchema, (request) => person(request.params.message))
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    expect(await client.callTool(transfer('ACC-YES'))).toEqual({ content: [{ type: 'text', text: '"sent 100 to ACC-YES"' }], structuredContent: { result: 'sent 100 to ACC-YES' } })
    expect(await client.callTool(transfer('ACC-NO'))).toEqual({ isError: true, content: [{ type: 'text', text: 'confirmation denied: transfer' }] })
    expect((await client.callTool({ name: 'echo', arguments: { text: 'plain json' } })).structuredContent).toEqual({ text: 'plain json' })
  })

  test('over stdio: a consequential call asks the person through elicitation, runs on yes, is refused on no', async () => {
    const client = new Client({ name: 'sdk1-stdio', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    clients.push(client)
    client.setRequestHandler(ElicitRequestSchema, (request) => person(request.params.message))
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'serve', '--mcp', 'out'], cwd: built.project, stderr: 'ignore' }))
    expect((await client.listTools()).tools).toHaveLength(5)
    expect(await client.callTool(transfer('ACC-YES'))).toEqual({ content: [{ type: 'text', text: '"sent 100 to ACC-YES"' }], structuredContent: { result: 'sent 100 to ACC-YES' } })
    expect(await client.callTool(transfer('ACC-NO'))).toEqual({ isError: true, content: [{ type: 'text', text: 'confirmation denied: transfer' }] })
    expect(shown.some((message) => message.includes('The tool transfer') && message.includes('"amount": 100'))).toBe(true)
  })
})

describe('SDK 2.x client', () => {
  test('on 2026-07-28 over Streamable HTTP: lists and calls; a consequential call is confirmed through input_required, or declined', async () => {
    const client = new Client2({ name: 'sdk2', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    client.setRequestHandler('elicitation/create', (request) => person(request.params.message))
    await client.connect(new HttpTransport2(new URL(server.url)))
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'test_error_handling', 'test_simple_text', 'transfer', 'wait'])
    expect((await client.callTool({ name: 'echo', arguments: { text: 'modern' } })).structuredContent).toEqual({ text: 'modern' })
    expect((await client.callTool(transfer('ACC-YES'))).content).toEqual([{ type: 'text', text: '"sent 100 to ACC-YES"' }])
    expect(await client.callTool(transfer('ACC-NO'))).toMatchObject({ isError: true, content: [{ type: 'text', text: 'confirmation denied: transfer' }] })
  })

  test('on 2026-07-28 over stdio: no handshake, input_required confirmation', async () => {
    const client = new Client2({ name: 'sdk2-stdio', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    client.setRequestHandler('elicitation/create', (request) => person(request.params.message))
    await client.connect(new StdioTransport2({ command: process.execPath, args: [bin, 'serve', '--mcp', 'out'], cwd: built.project, stderr: 'ignore' }))
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    expect((await client.listTools()).tools).toHaveLength(5)
    expect((await client.callTool(transfer('ACC-YES'))).content).toEqual([{ type: 'text', text: '"sent 100 to ACC-YES"' }])
    expect(await client.callTool(transfer('ACC-NO'))).toMatchObject({ isError: true, content: [{ type: 'text', text: 'confirmation denied: transfer' }] })
  })

  test('in its default (handshake) mode over Streamable HTTP: lists and calls', async () => {
    const client = new Client2({ name: 'sdk2-legacy', version: '1.0.0' })
    clients.push(client)
    await client.connect(new HttpTransport2(new URL(server.url)))
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25')
    expect((await client.listTools()).tools).toHaveLength(5)
    expect((await client.callTool({ name: 'test_simple_text', arguments: {} })).content).toEqual([{ type: 'text', text: '"This is a simple text response for testing."' }])
  })
})
