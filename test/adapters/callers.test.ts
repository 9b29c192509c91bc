import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { Agent, run } from '@openai/agents'
import { OpenAIResponsesModel, programmaticToolCallingTool } from '@openai/agents-openai'
import { generateText, type ToolSet } from 'ai'
import { describe, expect, test } from 'vitest'
import { toAiSdkTools } from '../../src/adapters/ai-sdk.js'
import { toOpenAIAgentsTools } from '../../src/adapters/openai-agents.js'
import { createTool } from '../../src/runtime/tool.js'
import { createToolManager } from '../../src/runtime/tool-manager.js'

// The `callers` option (programmatic tool calling) through the real SDKs, down to the request body
// each provider would send: ai 7 with @ai-sdk/anthropic 4 and @ai-sdk/openai 4, and the OpenAI
// Agents SDK 0.20 with its Responses model. A fetch (or client) here records the request and
// answers with an error (which the SDK throws), so nothing leaves the process.

function manager() {
  const tools = createToolManager()
  const contract = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false }
  tools.add(createTool({ name: 'get_order', description: 'One order.', contract, execute: ({ id }: { id: number }) => ({ id }) }))
  tools.add(createTool({ name: 'list_orders', description: 'Every order.', execute: () => [] }))
  return tools
}

/** A fetch that records each request's JSON body and refuses it (HTTP 400), so the SDK stops there. */
function recordingFetch(bodies: Record<string, unknown>[]): typeof fetch {
  return async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>)
    return new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: 'recorded' } }), { status: 400, headers: { 'content-type': 'application/json' } })
  }
}

/** The function tools of a recorded request body, by name, as `[name, allowed_callers]`. */
function allowedCallers(body: Record<string, unknown>): [string, unknown][] {
  const tools = body.tools as { name?: string; type?: string; allowed_callers?: unknown }[]
  return tools.filter((tool) => tool.type === undefined || tool.type === 'function').map((tool) => [tool.name ?? '', tool.allowed_callers])
}

describe('toolcat/ai-sdk callers (ai 7)', () => {
  test("each tool's providerOptions carry the callers, and Anthropic's and OpenAI's providers send them as allowed_callers", async () => {
    const tools = toAiSdkTools(manager(), { callers: ['direct', 'code'] })
    expect(tools.get_order!.providerOptions).toEqual({ anthropic: { allowedCallers: ['direct', 'code_execution_20260120'] }, openai: { allowedCallers: ['direct', 'programmatic'] } })

    const bodies: Record<string, unknown>[] = []
    const anthropic = createAnthropic({ apiKey: 'test', fetch: recordingFetch(bodies) })
    await expect(generateText({ model: anthropic('claude-sonnet-4-5'), tools: { ...tools, code_execution: anthropic.tools.codeExecution_20260120() } as ToolSet, prompt: 'orders', maxRetries: 0 })).rejects.toThrow()
    const openai = createOpenAI({ apiKey: 'test', fetch: recordingFetch(bodies) })
    await expect(generateText({ model: openai.responses('gpt-5'), tools: { ...tools, programmatic: openai.tools.programmaticToolCalling() } as ToolSet, prompt: 'orders', maxRetries: 0 })).rejects.toThrow()

    expect(allowedCallers(bodies[0]!)).toEqual([
      ['get_order', ['direct', 'code_execution_20260120']],
      ['list_orders', ['direct', 'code_execution_20260120']],
    ])
    expect((bodies[0]!.tools as { type?: string }[]).some((tool) => tool.type === 'code_execution_20260120')).toBe(true)
    expect(allowedCallers(bodies[1]!)).toEqual([
      ['get_order', ['direct', 'programmatic']],
      ['list_orders', ['direct', 'programmatic']],
    ])
    expect((bodies[1]!.tools as { type?: string }[]).some((tool) => tool.type === 'programmatic_tool_calling')).toBe(true)
  })

  test('without callers the tools carry no providerOptions; a wrong list is refused', () => {
    expect(toAiSdkTools(manager()).get_order!.providerOptions).toBeUndefined()
    expect(() => toAiSdkTools(manager(), { callers: [] })).toThrow('toAiSdkTools: callers needs at least one of "direct", "code"')
    expect(() => toAiSdkTools(manager(), { callers: ['code', 'code'] })).toThrow('callers lists a caller twice')
    expect(() => toAiSdkTools(manager(), { callers: ['sandbox' as 'code'] })).toThrow('callers takes "direct" and/or "code", got "sandbox"')
  })
})

describe('toolcat/openai-agents callers (@openai/agents 0.20)', () => {
  test("each function tool's allowedCallers is set, and the Responses model sends allowed_callers", async () => {
    const tools = toOpenAIAgentsTools(manager(), { callers: ['code'] })
    expect(tools.map((tool) => [tool.name, tool.allowedCallers])).toEqual([
      ['get_order', ['programmatic']],
      ['list_orders', ['programmatic']],
    ])
    const requests: Record<string, unknown>[] = []
    const client = {
      baseURL: 'http://127.0.0.1:9/v1',
      responses: {
        create: async (request: Record<string, unknown>) => {
          requests.push(request)
          throw new Error('recorded')
        },
      },
    }
    const model = new OpenAIResponsesModel(client as never, 'gpt-5')
    const agent = new Agent({ name: 'orders', model, tools: [...tools, programmaticToolCallingTool()] })
    await expect(run(agent, 'orders', { maxTurns: 1 })).rejects.toThrow('recorded')
    expect(allowedCallers(requests[0]!)).toEqual([
      ['get_order', ['programmatic']],
      ['list_orders', ['programmatic']],
    ])
    expect((requests[0]!.tools as { type?: string }[]).some((tool) => tool.type === 'programmatic_tool_calling')).toBe(true)
  })

  test('without callers a tool has no allowedCallers (the SDK default: direct only)', () => {
    expect(toOpenAIAgentsTools(manager())[0]!.allowedCallers).toBeUndefined()
    expect(() => toOpenAIAgentsTools(manager(), { callers: [] })).toThrow('toOpenAIAgentsTools: callers needs at least one')
  })
})
