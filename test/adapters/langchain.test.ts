import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterProject, removeProject, runScript } from './adapter-project.js'

// Real runs of a LangChain agent (`createAgent` from `langchain`) over the registry fixture, with
// LangChain's fake tool-calling chat model; what the model is sent each turn is recorded through a
// callback handler. Each run is a fresh Node process, so `imports()` counts exactly the tool
// modules that run imported.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const prelude = `import { FakeToolCallingModel, createAgent } from 'langchain'
import { toLangChainTools } from 'toolcat/langchain'
// Records the tool messages of every prompt the model is sent.
function recorder() {
  const turns = []
  const handler = { handleChatModelStart: (_llm, [messages]) => { turns.push(messages.filter((m) => m.getType() === 'tool').map((m) => ({ id: m.tool_call_id, status: m.status, content: m.content }))) } }
  return { turns, callbacks: [handler] }
}
const call = (id, name, args) => ({ id, name, args })`

const run = (body: string): any => runScript(project, prelude, body)

describe('toolcat/langchain in a real createAgent run', () => {
  test('the model calls a tool: only its module is imported, and its result (or its argument fault) reaches the next turn', () => {
    const output = run(`
      const tools = toLangChainTools(createRegistry())
      const listed = imports()
      const model = new FakeToolCallingModel({ toolCalls: [[call('c1', 'add', { left: 2, right: 3 }), call('c2', 'add', { left: 2, right: 'x' }), call('c3', 'lookup', { word: 'tea' })], []] })
      const { turns, callbacks } = recorder()
      const result = await createAgent({ model, tools }).invoke({ messages: [{ role: 'user', content: 'add' }] }, { callbacks })
      return { listed, imports: imports(), turns: turns.length, second: turns[1], last: result.messages.at(-1).getType() }`)
    expect(output.listed).toEqual({})
    expect(output.imports).toEqual({ add: 1 })
    expect(output.turns).toBe(2)
    expect(output.second).toEqual([
      { id: 'c1', status: 'success', content: JSON.stringify({ sum: 5, marker: 'HANDLER_MARKER_ADD' }) },
      // LangChain's own check refuses first; the model still reads toolcat's fault (path, reason), no stack.
      { id: 'c2', status: 'error', content: 'right: type; expected number; received "x"' },
      { id: 'c3', status: 'error', content: 'tool has no handler: lookup' },
    ])
    expect(output.last).toBe('ai')
  })

  test('a handler that throws answers with an error ToolMessage (not a thrown exception) and the run goes on', () => {
    const output = run(`
      const handlers = { lookup: ({ word }) => { if (word === 'tea') throw new Error('dictionary offline'); return word } }
      const tools = toLangChainTools(createRegistry({ handlers }), { tools: ['lookup'] })
      const model = new FakeToolCallingModel({ toolCalls: [[call('l1', 'lookup', { word: 'tea' }), call('l2', 'lookup', { word: 'cup' })], []] })
      const { turns, callbacks } = recorder()
      const result = await createAgent({ model, tools }).invoke({ messages: [{ role: 'user', content: 'look' }] }, { callbacks })
      return { turns: turns.length, second: turns[1], last: result.messages.at(-1).getType() }`)
    expect(output).toEqual({
      turns: 2,
      second: [
        { id: 'l1', status: 'error', content: 'dictionary offline' },
        { id: 'l2', status: 'success', content: 'cup' },
      ],
      last: 'ai',
    })
  })

  test('a consequential tool runs only when the confirm hook says yes', () => {
    const output = run(`
      const registry = createRegistry()
      const attempt = async (options) => {
        const model = new FakeToolCallingModel({ toolCalls: [[call('d1', 'delete-file', { path: 'a.txt' })], []] })
        const { turns, callbacks } = recorder()
        await createAgent({ model, tools: toLangChainTools(registry, options) }).invoke({ messages: [{ role: 'user', content: 'delete' }] }, { callbacks })
        return { answer: turns[1][0], imports: imports() }
      }
      const asked = []
      return {
        none: await attempt({}),
        refused: await attempt({ confirm: () => 'yes' }),
        approved: await attempt({ confirm: (request) => (asked.push(request), true) }),
        asked,
      }`)
    // The module is imported (once) to validate the arguments before confirmation is asked: its
    // precompiled validator lives there. The handler runs only once the hook says yes.
    expect(output.none).toEqual({ answer: { id: 'd1', status: 'error', content: 'confirmation required: delete-file' }, imports: { 'delete-file': 1 } })
    expect(output.refused).toEqual({ answer: { id: 'd1', status: 'error', content: 'confirmation denied: delete-file' }, imports: { 'delete-file': 1 } })
    expect(output.approved).toEqual({ answer: { id: 'd1', status: 'success', content: 'deleted a.txt' }, imports: { 'delete-file': 1 } })
    expect(output.asked).toEqual([{ id: 'd1', name: 'delete-file', arguments: { path: 'a.txt' } }])
  })

  test('a streaming tool hands each chunk to the callbacks as a tool event; invoked directly it resolves with its value', () => {
    const output = run(`
      const [countdown, add] = toLangChainTools(createRegistry(), { tools: ['countdown', 'add'], prefix: 'calc_' })
      const events = []
      const message = await countdown.invoke({ id: 'k1', name: 'calc_countdown', args: { from: 3 }, type: 'tool_call' }, { callbacks: [{ handleToolEvent: (chunk) => { events.push(chunk) } }] })
      const direct = await add.invoke({ left: 1, right: 2 })
      // LangChain's own check refuses both; toolcat's rules then apply: an undeclared key is dropped, a wrong type is its fault.
      const extra = await add.invoke({ left: 1, right: 2, extra: 1 })
      const thrown = await add.invoke({ left: 1, right: 'x' }).then(() => 'no error', (error) => error.message)
      return { names: [countdown.name, add.name], events, content: message.content, status: message.status, direct, extra, thrown, imports: imports() }`)
    expect(output).toEqual({
      names: ['calc_countdown', 'calc_add'],
      events: [3, 2, 1],
      content: '[3,2,1]',
      status: 'success',
      direct: { sum: 3, marker: 'HANDLER_MARKER_ADD' },
      extra: { sum: 3, marker: 'HANDLER_MARKER_ADD' },
      thrown: 'right: type; expected number; received "x"',
      imports: { countdown: 1, add: 1 },
    })
  })
})
