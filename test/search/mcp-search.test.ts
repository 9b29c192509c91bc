import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMcpSession, type McpSession } from '../interop/mcp-session.js'

// `toolcat serve --mcp --search --pin ping` over fixtures/mcp-host (its host handles lookup_order;
// refund_order has no handler; wipe_disk is consequential), driven by the MCP SDK's own client over
// stdio; a consequential call is refused: this client declares no elicitation, so it cannot be asked (--confirm ask, the default; see mcp-search-confirm.test.ts for the asking).
const text = (result: unknown): string => ((result as { content: { type: string; text: string }[] }).content ?? []).map((part) => part.text).join('\n')

describe('serve --mcp --search --pin ping', () => {
  let session: McpSession
  beforeAll(async () => {
    session = await startMcpSession('mcp-host', ['--handlers', 'host/handlers.ts', '--search', '--pin', 'ping'])
  }, 120_000)
  afterAll(() => session?.close())

  test('the client sees tool_search, the pinned tool and call_tool', async () => {
    const { tools } = await session.client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['tool_search', 'ping', 'call_tool'])
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['query'] })
    expect(tools[2]?.inputSchema).toMatchObject({ type: 'object', required: ['name'] })
    // tool_search's description is written from the tools it can find: their words, and examples
    // made from their names (never the pinned ping, nor refund_order that nothing can run).
    const description = tools[0]?.description ?? ''
    expect(description).toContain('order')
    const examples = [...description.matchAll(/'([^']+)'/g)].map((match) => match[1] as string)
    expect(examples).toHaveLength(2)
    expect(new Set(examples).size).toBe(2)
    for (const example of examples) expect(example).not.toMatch(/^ping|refund order|pull request/)
  })

  test('search, then call the found tool through call_tool', async () => {
    const search = async (query: string) => {
      const found = await session.client.callTool({ name: 'tool_search', arguments: { query } })
      expect(found.isError).toBeFalsy()
      return (JSON.parse(text(found)) as { tools: { name: string; parameters: unknown }[] }).tools
    }
    const tools = await search('look up an order')
    expect(tools[0]).toMatchObject({ name: 'lookup_order', parameters: { type: 'object', required: ['orderId'] } })
    // A tool nothing can run is never found; the pinned tool is already in front of the model.
    expect(tools.map((tool) => tool.name)).not.toContain('refund_order')
    expect((await search('ping pong')).map((tool) => tool.name)).not.toContain('ping')
    const called = await session.client.callTool({ name: 'call_tool', arguments: { name: 'lookup_order', arguments: { orderId: 'ORD-000042' } } })
    expect(called.isError).toBeFalsy()
    expect(text(called)).toContain('ORD-000042')
  })

  test('call_tool validates like a direct call and a consequential tool is declined', async () => {
    const invalid = await session.client.callTool({ name: 'call_tool', arguments: { name: 'lookup_order', arguments: { orderId: 'order 42' } } })
    expect(invalid.isError).toBe(true)
    expect(text(invalid)).toMatch(/orderId: pattern/)
    const declined = await session.client.callTool({ name: 'call_tool', arguments: { name: 'wipe_disk', arguments: { disk: 'scratch' } } })
    expect(declined.isError).toBe(true)
    expect(text(declined)).toMatch(/confirm/i)
    for (const name of ['no_such_tool', 'refund_order']) {
      const unknown = await session.client.callTool({ name: 'call_tool', arguments: { name } })
      expect(unknown.isError).toBe(true)
      expect(text(unknown)).toContain(`tool not found: ${name}`)
    }
  })

  test('a tool that is neither listed nor called through call_tool is unknown', async () => {
    await expect(session.client.callTool({ name: 'read_file', arguments: { path: 'a' } })).rejects.toThrow(/Unknown tool: read_file/)
  })
})
