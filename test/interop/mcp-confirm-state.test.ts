import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { createMcpHandler, type McpHandlerOptions, type McpRegistry } from '../../src/interop/mcp/index.js'
import type { CallContext, ToolCall, ToolResult } from '../../src/runtime/types.js'

// The 2026-07-28 confirmation round trip: the server answers input_required with a requestState,
// the client retries with the person's answer and that state. The state must be the server's own
// word about exactly this call: not computable by a client, not good for other arguments, not good
// forever, and good on every process that shares the secret.
const ran: unknown[] = []
const registry: McpRegistry = {
  definitions: () => [{ name: 'wipe', description: 'Wipe a disk.', parameters: { type: 'object', properties: { disk: { type: 'string' } } }, annotations: { consequential: true } }],
  execute: (async (call: ToolCall, context?: CallContext): Promise<ToolResult> => {
    if ((await context?.confirm?.(call)) !== true) return { id: call.id, name: call.name, success: false, error: `confirmation denied: ${call.name}` }
    ran.push(call.arguments)
    return { id: call.id, name: call.name, success: true, value: `wiped ${String(call.arguments.disk)}` }
  }) as McpRegistry['execute'],
}
afterEach(() => {
  ran.length = 0
  delete process.env.TOOLCAT_CONFIRM_SECRET
})

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } }
const yes = { action: 'accept', content: { confirm: true } }
function call(handler: (request: Request) => Promise<Response>, args: Record<string, unknown>, retry?: { requestState: unknown }): Promise<any> {
  const params = { name: 'wipe', arguments: args, _meta: meta, ...(retry === undefined ? {} : { inputResponses: { confirm: yes }, requestState: retry.requestState }) }
  return handler(
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'wipe' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
    }),
  ).then(async (response) => ((await response.json()) as { result: unknown }).result)
}
const handlerWith = (options: Omit<McpHandlerOptions, 'registry'> = {}) => createMcpHandler({ registry, ...options })

describe('requestState', () => {
  test('the state the server issued, answered yes, runs the call once asked', async () => {
    const handler = handlerWith()
    const asked = await call(handler, { disk: 'scratch' })
    expect(asked).toMatchObject({ resultType: 'input_required', requestState: expect.stringMatching(/^toolcat-confirm-v2\.\d+\.[A-Za-z0-9_-]{43}$/) })
    expect(await call(handler, { disk: 'scratch' }, asked)).toMatchObject({ resultType: 'complete', content: [{ text: '"wiped scratch"' }] })
    expect(ran).toEqual([{ disk: 'scratch' }])
  })

  test('a state a client computes without being asked (the SHA-256 of tool and arguments) is refused: the person is asked instead', async () => {
    const handler = handlerWith()
    const digest = createHash('sha256').update('wipe\n{"disk":"prod"}').digest('hex')
    for (const forged of [`toolcat-confirm-v1:${digest}`, `toolcat-confirm-v2.${Date.now() + 60_000}.${'A'.repeat(43)}`, '', 'x'.repeat(10_000), 42, null]) {
      expect(await call(handler, { disk: 'prod' }, { requestState: forged })).toMatchObject({ resultType: 'input_required' })
    }
    expect(ran).toEqual([])
  })

  test('a state is good for its own arguments only: any other arguments, or the same with its expiry rewritten, ask again', async () => {
    const handler = handlerWith()
    const asked = await call(handler, { disk: 'scratch' })
    const [prefix, expiry, mac] = (asked.requestState as string).split('.')
    expect(await call(handler, { disk: 'prod' }, asked)).toMatchObject({ resultType: 'input_required' })
    expect(await call(handler, { disk: 'scratch' }, { requestState: `${prefix}.${Number(expiry) + 86_400_000}.${mac}` })).toMatchObject({ resultType: 'input_required' })
    expect(ran).toEqual([])
  })

  test('a state past its expiry is refused: a yes does not replay forever', async () => {
    const handler = handlerWith({ confirmTtlMs: 50 })
    const asked = await call(handler, { disk: 'scratch' })
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(await call(handler, { disk: 'scratch' }, asked)).toMatchObject({ resultType: 'input_required' })
    expect(ran).toEqual([])
  })

  test('a state issued under another secret is refused; under the same secret (option or TOOLCAT_CONFIRM_SECRET) any process accepts it', async () => {
    const asked = await call(handlerWith({ confirmSecret: 'one' }), { disk: 'a' })
    expect(await call(handlerWith({ confirmSecret: 'two' }), { disk: 'a' }, asked)).toMatchObject({ resultType: 'input_required' })
    expect(await call(handlerWith({ confirmSecret: 'one' }), { disk: 'a' }, asked)).toMatchObject({ resultType: 'complete' })
    process.env.TOOLCAT_CONFIRM_SECRET = 'shared'
    const fromEnv = await call(handlerWith(), { disk: 'b' })
    expect(await call(handlerWith({ confirmSecret: 'shared' }), { disk: 'b' }, fromEnv)).toMatchObject({ resultType: 'complete' })
    expect(ran).toEqual([{ disk: 'a' }, { disk: 'b' }])
  })

  test('for any arguments: the issued state confirms them (whatever their key order) and no changed value', async () => {
    const handler = handlerWith()
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.oneof(fc.string(), fc.integer()), { minKeys: 1, maxKeys: 4 }), fc.string({ maxLength: 5 }), async (args, changed) => {
        const asked = await call(handler, args)
        const key = Object.keys(args)[0] as string
        if (args[key] !== changed) expect(await call(handler, { ...args, [key]: changed }, asked)).toMatchObject({ resultType: 'input_required' })
        const reordered = Object.fromEntries(Object.entries(args).reverse())
        expect(await call(handler, reordered, asked)).toMatchObject({ resultType: 'complete' })
      }),
      { numRuns: 60 },
    )
  })
})
