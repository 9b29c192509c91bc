import path from 'node:path'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCatalog } from '../../src/build.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { listAllTools, startMcpSession, type McpSession } from './mcp-session.js'

// One server for the file: fixtures/basic (13 tools, 12 runnable) served with 5 tools per tools/list page.
let session: McpSession
let catalog: Catalog

beforeAll(async () => {
  session = await startMcpSession('basic', ['--page-size', '5'])
  catalog = buildCatalog({ tools: path.join(session.project, 'tools') }).catalog
})
afterAll(() => session?.close())

/** The hints MCP 2025-11-25 gives each stated annotation; unstated ones are left to the spec's defaults. */
function expectedHints(annotations: { pure?: boolean; consequential?: boolean; untrusted?: boolean } = {}): Record<string, boolean> | undefined {
  const hints: Record<string, boolean> = {}
  if (annotations.pure !== undefined) hints.readOnlyHint = annotations.pure
  if (annotations.consequential === true && annotations.pure !== true) hints.destructiveHint = true
  if (annotations.untrusted === true) hints.openWorldHint = true
  return Object.keys(hints).length === 0 ? undefined : hints
}

describe('tools/list', () => {
  test('advertises the runnable tools: names, draft-07 input schemas, only the hints their authors stated', async () => {
    const { tools } = await listAllTools(session.client)
    const runnable = catalog.tools.filter((tool) => tool.declarationOnly !== true)
    expect(tools.map((tool) => tool.name)).toEqual(runnable.map((tool) => tool.name))
    for (const [index, tool] of tools.entries()) {
      expect(tool.inputSchema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', ...runnable[index]?.parameters })
      expect(tool.annotations).toEqual(expectedHints(runnable[index]?.annotations))
    }
    expect(tools.find((tool) => tool.name === 'send_email')?.annotations).toEqual({ destructiveHint: true })
    expect(tools.find((tool) => tool.name === 'tail_logs')?.annotations).toEqual({ readOnlyHint: true, openWorldHint: true })
  })

  test('pages through the catalog with an opaque cursor and rejects a forged one', async () => {
    const { pages } = await listAllTools(session.client)
    expect(pages).toEqual([5, 5, 2])
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

  test('a declaration-only tool without a handler is not listed; calling it is the unknown-tool protocol error', async () => {
    const call = session.client.callTool({ name: 'lookup_order', arguments: { orderId: 'ORD-000001' } })
    await expect(call).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: lookup_order') })
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
    expect(session.stderr()).toContain('toolcat: serving 12 tools over MCP (stdio); not listed (declaration-only, no handler): lookup_order')
  })
})
