import path from 'node:path'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCatalog } from '../../src/analyze/index.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { listAllTools, startMcpSession, type McpSession } from './mcp-session.js'

// One server for the file: fixtures/basic (13 tools) served with 5 tools per tools/list page.
let session: McpSession
let catalog: Catalog

beforeAll(async () => {
  session = await startMcpSession('basic', ['--page-size', '5'])
  catalog = buildCatalog({ tools: path.join(session.project, 'tools') }).catalog
})
afterAll(() => session?.close())

describe('tools/list', () => {
  test('advertises exactly the catalog: names, draft-07 input schemas, explicit annotations', async () => {
    const { tools } = await listAllTools(session.client)
    expect(tools.map((tool) => tool.name)).toEqual(catalog.tools.map((tool) => tool.name))
    for (const [index, tool] of tools.entries()) {
      expect(tool.inputSchema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', ...catalog.tools[index]?.parameters })
      expect(Object.keys(tool.annotations ?? {}).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint'])
    }
    expect(tools.find((tool) => tool.name === 'send_email')?.annotations?.destructiveHint).toBe(true)
  })

  test('pages through the catalog with an opaque cursor and rejects a forged one', async () => {
    const { pages } = await listAllTools(session.client)
    expect(pages).toEqual([5, 5, 3])
    const forged = Buffer.from('99').toString('base64url')
    await expect(session.client.listTools({ cursor: forged })).rejects.toThrow(/invalid cursor/)
  })

  test('names the server after the catalog package', () => {
    expect(session.client.getServerVersion()).toMatchObject({ name: 'basic-tools', version: '1.0.0' })
  })
})

describe('tools/call', () => {
  test('returns the value as JSON text and as structuredContent', async () => {
    const result = await session.client.callTool({ name: 'weather', arguments: { city: 'Lyon, FR' } })
    const value = { city: 'Lyon, FR', units: 'metric', temperature: 18, conditions: 'cloudy' }
    expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value })
  })

  test('wraps a non-object result as { result }, the shape of its advertised output schema', async () => {
    const result = await session.client.callTool({ name: 'current_time', arguments: {} })
    expect(result.structuredContent).toEqual({ result: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
  })

  test('collects a streaming tool into one array result', async () => {
    const result = await session.client.callTool({ name: 'tail_logs', arguments: { service: 'api', lines: 2 } })
    const lines = JSON.parse((result.content as { text: string }[])[0]?.text ?? '') as { message: string }[]
    expect(lines.map((line) => line.message)).toEqual(['api line 0', 'api line 1'])
    expect(result.structuredContent).toBeUndefined()
  })

  test('bad arguments are an isError result naming the fault', async () => {
    const result = await session.client.callTool({ name: 'weather', arguments: { units: 'kelvin' } })
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('city') }])
  })

  test('a declaration-only tool is an isError result, not a crash', async () => {
    const result = await session.client.callTool({ name: 'lookup_order', arguments: { orderId: 'A-1' } })
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'tool has no handler: lookup_order' }] })
  })

  test('an unknown tool is the InvalidParams protocol error', async () => {
    const call = session.client.callTool({ name: 'no_such_tool', arguments: {} })
    await expect(call).rejects.toBeInstanceOf(McpError)
    await expect(call).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: no_such_tool') })
  })

  test('a consequential tool is declined without --confirm=allow', async () => {
    const result = await session.client.callTool({ name: 'send_email', arguments: { to: 'a@example.test', subject: 'Hi', body: '…' } })
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'confirmation required: send_email' }] })
  })

  test('logs go to stderr, never into the protocol stream', () => {
    expect(session.stderr()).toContain('toolcat: serving 13 tools over MCP (stdio)')
  })
})
