import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterProject, removeProject, runScript } from './adapter-project.js'

// Real agent steps of the Vercel AI SDK (`generateText` / `streamText` with `stopWhen`) over the
// registry fixture, with the SDK's own MockLanguageModelV3 as the model; each run is a fresh Node
// process, so `imports()` counts exactly the tool modules that run imported.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const prelude = `import { generateText, jsonSchema, simulateReadableStream, stepCountIs, streamText } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { toAiSdkTools } from 'toolcat/ai-sdk'
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const call = (toolCallId, toolName, input) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })
// A model that answers each turn with the next of \`turns\` (tool calls, then text), recording every prompt.
function scripted(turns) {
  const prompts = []
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt)
      const content = turns[prompts.length - 1] ?? [{ type: 'text', text: 'done' }]
      const calls = content.some((part) => part.type === 'tool-call')
      return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
    },
  })
  return { model, prompts }
}
const toolParts = (prompt) => prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content)`

const run = (body: string): any => runScript(project, prelude, body)

describe('toolcat/ai-sdk in a real generateText loop', () => {
  test('the model calls a tool: only its module is imported, and its result (or its argument fault) reaches the next turn', () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry(), { catalog })
      const listed = imports()
      const { model, prompts } = scripted([[call('c1', 'add', { left: 2, right: 3 }), call('c2', 'add', { left: 'x', right: 3 })]])
      const result = await generateText({ model, tools, prompt: 'add', stopWhen: stepCountIs(3) })
      return { listed, imports: imports(), text: result.text, steps: result.steps.length, second: toolParts(prompts[1]).map((part) => part.output) }`)
    expect(output).toEqual({
      listed: {},
      imports: { add: 1 },
      text: 'done',
      steps: 2,
      second: [
        { type: 'json', value: { sum: 5, marker: 'HANDLER_MARKER_ADD' } },
        { type: 'error-text', value: 'left: type; expected number; received "x"' },
      ],
    })
  })

  test('tools are advertised with the catalog schema, the output schema and needsApproval', () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry(), { catalog })
      const { model, prompts } = scripted([])
      await generateText({ model, tools, prompt: 'hi' })
      return {
        names: Object.keys(tools),
        add: (await model.doGenerateCalls[0].tools).find((one) => one.name === 'add'),
        output: await tools.add.outputSchema.jsonSchema,
        approval: Object.fromEntries(Object.entries(tools).map(([name, one]) => [name, one.needsApproval === true])),
        imports: imports(),
      }`)
    const add = JSON.parse(JSON.stringify((output as { add: unknown }).add))
    expect(output.names).toEqual(['add', 'countdown', 'delete-file', 'flaky', 'lookup', 'search'])
    expect(add).toEqual({
      type: 'function',
      name: 'add',
      description: 'Add two numbers.',
      inputSchema: { type: 'object', properties: { left: { type: 'number', description: 'left operand' }, right: { type: 'number' } }, required: ['left', 'right'], additionalProperties: false },
    })
    expect(output.output).toEqual({ type: 'object', properties: { sum: { type: 'number' }, marker: { type: 'string' } }, required: ['sum', 'marker'], additionalProperties: false })
    expect(output.approval).toEqual({ add: false, countdown: false, 'delete-file': true, flaky: false, lookup: false, search: false })
    expect(output.imports).toEqual({})
  })

  test('a consequential tool waits for the SDK approval: not run while pending or denied, run once approved', () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry())
      const { model, prompts } = scripted([[call('d1', 'delete-file', { path: 'a.txt' })]])
      const first = await generateText({ model, tools, prompt: 'delete', stopWhen: stepCountIs(3) })
      const request = first.content.find((part) => part.type === 'tool-approval-request')
      const pending = { imports: imports(), turns: prompts.length, request: request?.toolCall.toolName }
      const history = [{ role: 'user', content: 'delete' }, ...first.response.messages]
      const answer = (approved) => ({ role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved }] })
      const denied = await generateText({ model: scripted([]).model, tools, messages: [...history, answer(false)], stopWhen: stepCountIs(3) })
      const afterDenial = imports()
      const approvedRun = scripted([])
      await generateText({ model: approvedRun.model, tools, messages: [...history, answer(true)], stopWhen: stepCountIs(3) })
      return { pending, denied: denied.content.filter((part) => part.type === 'tool-result' || part.type === 'tool-error').length, afterDenial, approved: toolParts(approvedRun.prompts[0]).map((part) => part.output), imports: imports() }`)
    expect(output).toEqual({
      pending: { imports: {}, turns: 1, request: 'delete-file' },
      denied: 0,
      afterDenial: {},
      approved: [{ type: 'text', value: 'deleted a.txt' }],
      imports: { 'delete-file': 1 },
    })
  })

  test("calling a consequential tool's execute directly is refused without an approval or a confirm hook, and asks the hook", () => {
    const output = run(`
      const registry = createRegistry()
      const options = { toolCallId: 'x1', messages: [] }
      const bare = await toAiSdkTools(registry)['delete-file'].execute({ path: 'a' }, options).catch((error) => error.message)
      const asked = []
      const hooked = toAiSdkTools(registry, { confirm: (call) => (asked.push(call), true) })
      const yes = await hooked['delete-file'].execute({ path: 'b' }, options)
      return { bare, yes, asked }`)
    expect(output).toEqual({
      bare: 'confirmation required: delete-file',
      yes: 'deleted b',
      asked: [{ id: 'x1', name: 'delete-file', arguments: { path: 'b' } }],
    })
  })

  test('a streaming tool streams preliminary results in streamText; the final result holds every chunk', () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry(), { tools: ['countdown'] })
      let streams = 0
      const model = new MockLanguageModelV3({
        doStream: async () => {
          streams++
          const parts = streams === 1
            ? [{ type: 'stream-start', warnings: [] }, call('s1', 'countdown', { from: 3 }), { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage }]
            : [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'ok' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage }]
          return { stream: simulateReadableStream({ chunks: parts }) }
        },
      })
      const result = streamText({ model, tools, prompt: 'count', stopWhen: stepCountIs(3) })
      const seen = []
      for await (const part of result.fullStream) if (part.type === 'tool-result') seen.push({ preliminary: part.preliminary === true, output: part.output })
      return { seen, text: await result.text, streams, imports: imports() }`)
    expect(output).toEqual({
      seen: [
        { preliminary: true, output: [3] },
        { preliminary: true, output: [3, 2] },
        { preliminary: true, output: [3, 2, 1] },
        { preliminary: false, output: [3, 2, 1] },
      ],
      text: 'ok',
      streams: 2,
      imports: { countdown: 1 },
    })
  })

  test('a subset, a prefix, an abort signal and host handlers reach the tools', () => {
    const output = run(`
      const registry = createRegistry({ handlers: { lookup: ({ word }) => word.toUpperCase() } })
      const controller = new AbortController()
      const tools = toAiSdkTools(registry, { tools: ['lookup', 'add'], prefix: 'notes_', signal: () => controller.signal })
      const options = { toolCallId: 'p1', messages: [] }
      const looked = await tools.notes_lookup.execute({ word: 'tea' }, options)
      controller.abort('stopped by the host')
      const aborted = await tools.notes_add.execute({ left: 1, right: 2 }, options).catch((error) => error.message)
      let unknown
      try { toAiSdkTools(registry, { tools: ['ghost'] }) } catch (error) { unknown = error.message }
      return { names: Object.keys(tools), looked, aborted, unknown, imports: imports() }`)
    expect(output).toEqual({
      names: ['notes_lookup', 'notes_add'],
      looked: 'TEA',
      aborted: 'stopped by the host',
      unknown: 'tool not found: ghost',
      imports: {},
    })
  })
})
