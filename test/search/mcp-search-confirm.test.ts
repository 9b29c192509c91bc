import { Client as Client2, StreamableHTTPClientTransport as HttpTransport2 } from '@modelcontextprotocol/client'
import { StdioClientTransport as StdioTransport2 } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bin, builtProject, startHttpServer, type HttpServer } from '../interop/mcp-served.js'

// `serve --mcp out --search`: call_tool reaching the consequential `transfer` asks the person
// exactly as a direct call of transfer does — SDK 1 (2025-11-25) and SDK 2 (2026-07-28), over
// stdio and Streamable HTTP. The person says yes to ACC-YES, no to ACC-NO, and never answers for
// ACC-SILENT (the client gives up after its timeout): only the yes runs the tool.
let built: ReturnType<typeof builtProject>
let server: HttpServer
const clients: { close(): Promise<void> }[] = []
const shown: string[] = []

beforeAll(async () => {
  built = builtProject()
  server = await startHttpServer(built.project, ['--search'])
}, 60_000)
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  await server?.stop()
  built?.remove()
})

function person(message: string): Promise<{ action: 'accept'; content: { confirm: true } } | { action: 'decline' }> {
  shown.push(message)
  if (message.includes('"ACC-YES"')) return Promise.resolve({ action: 'accept', content: { confirm: true } })
  if (message.includes('"ACC-NO"')) return Promise.resolve({ action: 'decline' })
  return new Promise(() => undefined)
}
const through = (to: string) => ({ name: 'call_tool', arguments: { name: 'transfer', arguments: { to, amount: 100 } } })
const textOf = (result: unknown) => ((result as { content?: { text: string }[] }).content ?? []).map((part) => part.text).join('')

/** Yes runs, no refuses, no answer refuses (the client's timeout cancels the call; the tool never ran). */
async function expectAskedLikeADirectCall(client: { callTool(params: object, ...rest: unknown[]): Promise<unknown> }, sdk: 1 | 2): Promise<void> {
  const before = shown.length
  const yes = await client.callTool(through('ACC-YES'))
  expect(textOf(yes)).toBe('"sent 100 to ACC-YES"')
  const no = await client.callTool(through('ACC-NO'))
  expect(no).toMatchObject({ isError: true })
  expect(textOf(no)).toBe('confirmation denied: transfer')
  // SDK 1 takes (params, resultSchema, options), SDK 2 (params, options).
  const timeout = { timeout: 800 }
  // On 2026-07-28 the client asks its person itself and retries only with an answer: with none, the
  // call stays pending on the client, and the server never ran anything.
  const pending = sdk === 1 ? client.callTool(through('ACC-SILENT'), undefined, timeout) : client.callTool(through('ACC-SILENT'), timeout)
  const silent = await Promise.race([pending.catch((error: Error) => error), new Promise((resolve) => setTimeout(() => resolve('no answer yet'), 1500))])
  expect(textOf(silent)).not.toContain('sent')
  // The person was asked about transfer itself, with its validated arguments.
  const asked = shown.slice(before)
  expect(asked).toHaveLength(3)
  for (const message of asked) expect(message).toMatch(/^The tool transfer has effects[\s\S]*"amount": 100/)
}

describe('serve --mcp --search: call_tool asks the person as a direct call does', () => {
  test('call_tool on a consequential tool asks SDK 1 over stdio (elicitation/create): yes runs, no and no answer refuse', async () => {
    const client = new Client({ name: 'sdk1-stdio', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    clients.push(client)
    client.setRequestHandler(ElicitRequestSchema, (request) => person(request.params.message))
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'serve', '--mcp', 'out', '--search'], cwd: built.project, stderr: 'ignore' }))
    await expectAskedLikeADirectCall(client as never, 1)
  })

  test('call_tool on a consequential tool asks SDK 1 over Streamable HTTP (elicitation on the call\'s SSE stream): yes runs, no and no answer refuse', async () => {
    const client = new Client({ name: 'sdk1-http', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    clients.push(client)
    client.setRequestHandler(ElicitRequestSchema, (request) => person(request.params.message))
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    await expectAskedLikeADirectCall(client as never, 1)
  })

  test('call_tool on a consequential tool asks SDK 2 on 2026-07-28 over stdio (input_required): yes runs, no and no answer refuse', async () => {
    const client = new Client2({ name: 'sdk2-stdio', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    client.setRequestHandler('elicitation/create', (request) => person(request.params.message))
    await client.connect(new StdioTransport2({ command: process.execPath, args: [bin, 'serve', '--mcp', 'out', '--search'], cwd: built.project, stderr: 'ignore' }))
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    await expectAskedLikeADirectCall(client as never, 2)
  })

  test('call_tool on a consequential tool asks SDK 2 on 2026-07-28 over Streamable HTTP (input_required): yes runs, no and no answer refuse', async () => {
    const client = new Client2({ name: 'sdk2-http', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    client.setRequestHandler('elicitation/create', (request) => person(request.params.message))
    await client.connect(new HttpTransport2(new URL(server.url)))
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    await expectAskedLikeADirectCall(client as never, 2)
  })

  test('call_tool on a consequential tool asks SDK 2 on 2025-11-25 over Streamable HTTP (elicitation/create): yes runs, no and no answer refuse', async () => {
    const client = new Client2({ name: 'sdk2-legacy', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } })
    clients.push(client)
    client.setRequestHandler('elicitation/create', (request) => person(request.params.message))
    await client.connect(new HttpTransport2(new URL(server.url)))
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25')
    await expectAskedLikeADirectCall(client as never, 2)
  })
})
