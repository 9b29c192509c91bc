import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCodeApi, ToolCallError } from '../../src/index.js'
import { bin, builtProject } from './mcp-served.js'

// Code mode over MCP: `serve --mcp out --code` lists read_api and run_code; createCodeApi takes an
// SDK client and calls a deployed server's tools as functions.
let built: ReturnType<typeof builtProject>
const clients: Client[] = []
const shown: string[] = []

beforeAll(() => {
  built = builtProject()
}, 60_000)
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  built?.remove()
})

/** A call result's value: the JSON text of its one text part (the code tools declare no output schema). */
function valueOf(result: unknown): unknown {
  const [part] = (result as { content: { type: string; text: string }[] }).content
  return JSON.parse(part?.text ?? 'null') as unknown
}

async function connect(args: readonly string[], elicitation: boolean): Promise<Client> {
  const client = new Client({ name: 'code-mode', version: '1.0.0' }, elicitation ? { capabilities: { elicitation: {} } } : {})
  clients.push(client)
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      shown.push(request.params.message)
      return request.params.message.includes('ACC-YES') ? { action: 'accept' as const, content: { confirm: true } } : { action: 'decline' as const }
    })
  }
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'serve', '--mcp', 'out', ...args], cwd: built.project, stderr: 'ignore' }))
  return client
}

test('serve --code lists read_api and run_code; read_api gives the index, a module, or what a query finds', { timeout: 60_000 }, async () => {
  const client = await connect(['--code'], true)
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['read_api', 'run_code'])
  const text = async (args: Record<string, unknown>) => valueOf(await client.callTool({ name: 'read_api', arguments: args })) as string
  const index = await text({})
  expect(index).toContain('export { echo } from "./echo.js"')
  expect(index).toContain('export { transfer } from "./transfer.js"')
  expect(await text({ file: 'echo.d.ts' })).toContain('export declare function echo(args: EchoArgs)')
  const found = await text({ query: 'echo text back', limit: 1 })
  expect(found).toMatch(/^\/\/ ==> echo\.d\.ts <==\n/)
})

test('run_code runs a program against the served tools; with a consequential tool the person confirms the program, shown whole', { timeout: 60_000 }, async () => {
  const client = await connect(['--code'], true)
  const run = async (code: string) => client.callTool({ name: 'run_code', arguments: { code } })
  const echoed = await run("const out: string[] = []\nfor (const text of ['a', 'b']) out.push((await echo({ text })).text)\nreturn out.join('') + ' ACC-YES'")
  expect(valueOf(echoed)).toMatchObject({ success: true, value: 'ab ACC-YES', calls: 2 })
  const paid = await run("return await transfer({ to: 'ACC-YES', amount: 100 })")
  expect(valueOf(paid)).toMatchObject({ success: true, value: 'sent 100 to ACC-YES' })
  expect(shown.some((message) => message.includes("transfer({ to: 'ACC-YES', amount: 100 })"))).toBe(true)
  expect(await run("return await transfer({ to: 'ACC-NO', amount: 100 })")).toEqual({ isError: true, content: [{ type: 'text', text: 'confirmation denied: run_code' }] })
})

test('createCodeApi over an SDK client: a function per server tool; a refusal throws ToolCallError with the server\'s text', { timeout: 60_000 }, async () => {
  const client = await connect([], false)
  const api = await createCodeApi(client)
  expect(Object.keys(api)).toEqual(['echo', 'test_error_handling', 'test_simple_text', 'transfer', 'wait'])
  expect(await api.echo!({ text: 'remote' })).toEqual({ text: 'remote' })
  const refused = await (api.transfer!({ to: 'ACC-YES', amount: 1 }) as Promise<unknown>).catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(ToolCallError)
  expect(refused).toMatchObject({ tool: 'transfer', message: 'confirmation required: transfer' })
})
