import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterProject, removeProject, runScript } from './adapter-project.js'

// Real runs of a Mastra agent (`new Agent({ model, tools })`, `generate` and `stream`) over the
// registry fixture, with a mock model implemented here on the AI SDK v5 model interface
// (LanguageModelV2) that Mastra 0.24 drives. Each run is a fresh Node process, so `imports()`
// counts exactly the tool modules that run imported.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const prelude = `import { Mastra } from '@mastra/core'
import { Agent } from '@mastra/core/agent'
import { InMemoryStore } from '@mastra/core/storage'
import { toMastraTools } from 'toolcat/mastra'
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 }
const call = (toolCallId, toolName, input) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })
// A model answering each turn from \`turns\` (tool calls), then 'done', recording every prompt.
function scripted(turns) {
  const prompts = []
  const next = (options) => {
    prompts.push(options.prompt)
    const content = turns[prompts.length - 1]
    return content ? { content, finishReason: 'tool-calls' } : { content: [{ type: 'text', text: 'done' }], finishReason: 'stop' }
  }
  const model = {
    specificationVersion: 'v2',
    provider: 'mock',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: async (options) => ({ ...next(options), usage, warnings: [] }),
    doStream: async (options) => {
      const { content, finishReason } = next(options)
      const parts = [{ type: 'stream-start', warnings: [] }]
      for (const part of content) parts.push(...(part.type === 'text' ? [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: part.text }, { type: 'text-end', id: 't' }] : [part]))
      parts.push({ type: 'finish', finishReason, usage })
      return { stream: new ReadableStream({ start(controller) { for (const part of parts) controller.enqueue(part); controller.close() } }) }
    },
  }
  return { model, prompts }
}
const toolParts = (prompt) => prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content).map((part) => ({ id: part.toolCallId, output: part.output }))
const agent = (model, tools) => new Agent({ name: 'helper', instructions: 'help', model, tools })`

const run = (body: string): any => runScript(project, prelude, body)

describe('toolcat/mastra in a real Mastra agent run', () => {
  test('the model calls a tool: only its module is imported, and its result (or its argument fault) reaches the next turn', () => {
    const output = run(`
      const tools = toMastraTools(createRegistry({ handlers: { lookup: ({ word }) => { throw new Error('dictionary offline: ' + word) } } }), { catalog })
      const listed = imports()
      const { model, prompts } = scripted([[call('c1', 'add', { left: 2, right: 3 }), call('c2', 'add', { left: 'x', right: 3 }), call('c3', 'lookup', { word: 'tea' })]])
      const result = await agent(model, tools).generate('add', { maxSteps: 3 })
      return { listed, imports: imports(), text: result.text, turns: prompts.length, second: toolParts(prompts[1]) }`)
    expect(output.listed).toEqual({})
    expect(output.imports).toEqual({ add: 1 })
    expect(output.text).toBe('done')
    expect(output.turns).toBe(2)
    expect(output.second).toEqual([
      { id: 'c1', output: { type: 'json', value: { sum: 5, marker: 'HANDLER_MARKER_ADD' } } },
      { id: 'c2', output: { type: 'json', value: { error: true, message: 'left: type; expected number; received "x"' } } },
      { id: 'c3', output: { type: 'json', value: { error: true, message: 'dictionary offline: tea' } } },
    ])
  })

  test('a consequential tool waits for Mastra approval: not run while pending or declined, run once approved', () => {
    const output = run(`
      const tools = toMastraTools(createRegistry())
      const first = scripted([[call('d1', 'delete-file', { path: 'a.txt' })]])
      // Mastra suspends the run for the approval and resumes it from its storage.
      const helper = new Mastra({ agents: { helper: agent(first.model, tools) }, storage: new InMemoryStore(), logger: false }).getAgent('helper')
      const stream = await helper.stream('delete a.txt', { maxSteps: 3 })
      const approvals = []
      for await (const chunk of stream.fullStream) if (chunk.type === 'tool-call-approval') approvals.push(chunk.payload.toolName)
      const pending = { approvals, imports: imports() }
      const declining = new Mastra({ agents: { helper: agent(scripted([[call('n1', 'delete-file', { path: 'b.txt' })]]).model, tools) }, storage: new InMemoryStore(), logger: false }).getAgent('helper')
      const refusedRun = await declining.stream('delete b.txt', { maxSteps: 3 })
      await refusedRun.consumeStream()
      await (await declining.declineToolCall({ runId: refusedRun.runId, toolCallId: 'n1' })).consumeStream()
      const afterDecline = imports()
      const resumed = await helper.approveToolCall({ runId: stream.runId, toolCallId: 'd1' })
      let text = ''
      for await (const chunk of resumed.fullStream) if (chunk.type === 'text-delta') text += chunk.payload.text
      return { pending, afterDecline, text, turns: first.prompts.length, answer: toolParts(first.prompts.at(-1)), imports: imports() }`)
    expect(output.pending).toEqual({ approvals: ['delete-file'], imports: {} })
    expect(output.afterDecline).toEqual({})
    expect(output.text).toBe('done')
    expect(output.turns).toBe(2)
    expect(output.answer).toEqual([{ id: 'd1', output: { type: 'text', value: 'deleted a.txt' } }])
    expect(output.imports).toEqual({ 'delete-file': 1 })
  })

  test('outside an approval, a consequential tool asks the confirm hook; a streaming tool writes each chunk to the tool stream', () => {
    const output = run(`
      const registry = createRegistry()
      const bare = toMastraTools(registry, { tools: ['delete-file'] })
      const hooked = toMastraTools(registry, { tools: ['delete-file', 'countdown'], prefix: 'x_', confirm: () => true })
      const written = []
      const writer = { write: async (chunk) => { written.push(chunk) } }
      return {
        names: Object.keys(hooked),
        bare: await bare['delete-file'].execute({ context: { path: 'a' } }, { toolCallId: 'm1' }),
        hooked: await hooked['x_delete-file'].execute({ context: { path: 'b' } }, { toolCallId: 'm2' }),
        counted: await hooked.x_countdown.execute({ context: { from: 2 }, writer }, { toolCallId: 'm3' }),
        written,
        imports: imports(),
      }`)
    expect(output).toEqual({
      names: ['x_delete-file', 'x_countdown'],
      bare: { error: true, message: 'confirmation required: delete-file' },
      hooked: 'deleted b',
      counted: [2, 1],
      written: [2, 1],
      imports: { 'delete-file': 1, countdown: 1 },
    })
  })
})
