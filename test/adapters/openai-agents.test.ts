import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterProject, removeProject, runScript } from './adapter-project.js'
import { openAIAgentsPrelude } from './openai-agents-script.js'

// Real runs of the OpenAI Agents SDK (`run(agent, input)`) over the registry fixture, with a
// `Model` implemented here that plays scripted turns and records each request; each run is a
// fresh Node process, so `imports()` counts exactly the tool modules that run imported.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const prelude = openAIAgentsPrelude

const run = (body: string): any => runScript(project, prelude, body)

describe('toolcat/openai-agents in a real Agents SDK run', () => {
  test('the model calls a tool: only its module is imported, and its result (or its argument fault) reaches the next turn', () => {
    const output = run(`
      const tools = toOpenAIAgentsTools(createRegistry())
      const listed = imports()
      const { model, requests } = scripted([[call('c1', 'add', { left: 2, right: 3 }), call('c2', 'add', { left: 'x', right: 3 })]])
      const result = await run(new Agent({ name: 'calc', model, tools }), 'add')
      return { listed, imports: imports(), final: result.finalOutput, turns: requests.length, second: results(requests[1]) }`)
    expect(output.listed).toEqual({})
    expect(output.imports).toEqual({ add: 1 })
    expect(output.final).toBe('done')
    expect(output.turns).toBe(2)
    expect(output.second).toEqual([
      { callId: 'c1', output: { type: 'text', text: JSON.stringify({ sum: 5, marker: 'HANDLER_MARKER_ADD' }) } },
      { callId: 'c2', output: { type: 'text', text: expect.stringContaining('left: type; expected number; received "x"') } },
    ])
  })

  test('strict tools get the strict profile schema, and the nulls strict mode sends are read as absent', () => {
    const output = run(`
      const tools = toOpenAIAgentsTools(createRegistry(), { tools: ['search', 'add'] })
      const { model, requests } = scripted([[call('s1', 'search', { query: 'tea', limit: null, filters: null })]])
      await run(new Agent({ name: 'notes', model, tools }), 'find tea')
      const search = requests[0].tools.find((one) => one.name === 'search')
      return { strict: tools.map((one) => [one.name, one.strict]), parameters: search.parameters, second: results(requests[1]), imports: imports() }`)
    expect(output.strict).toEqual([['search', true], ['add', true]])
    expect(output.parameters).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to find', minLength: 1 },
        limit: { type: ['integer', 'null'], minimum: 1, maximum: 50, description: 'Default: 10.' },
        filters: {
          type: ['array', 'null'],
          description: 'No duplicate items.',
          items: { type: 'object', properties: { field: { type: 'string' } }, required: ['field'], additionalProperties: false },
        },
      },
      required: ['query', 'limit', 'filters'],
      additionalProperties: false,
    })
    // limit: null became absent, so the catalog default (10) applied; validation saw no null.
    expect(output.second).toEqual([{ callId: 's1', output: { type: 'text', text: JSON.stringify({ query: 'tea', limit: 10, marker: 'HANDLER_MARKER_SEARCH' }) } }])
    expect(output.imports).toEqual({ search: 1 })
  })

  test('a consequential tool interrupts the run: not run while pending or rejected, run once approved', () => {
    const output = run(`
      const tools = toOpenAIAgentsTools(createRegistry())
      const agent = (model) => new Agent({ name: 'files', model, tools })
      const first = scripted([[call('d1', 'delete_file', { path: 'a.txt' })]])
      const paused = await run(agent(first.model), 'delete a.txt')
      const pending = { imports: imports(), interruptions: paused.interruptions.map((item) => item.rawItem.name), final: paused.finalOutput ?? null }
      const rejectedState = paused.state
      rejectedState.reject(paused.interruptions[0])
      const rejected = await run(agent(scripted([]).model), rejectedState)
      const afterRejection = imports()
      const again = scripted([[call('d2', 'delete_file', { path: 'b.txt' })]])
      const paused2 = await run(agent(again.model), 'delete b.txt')
      paused2.state.approve(paused2.interruptions[0])
      const approved = await run(agent(again.model), paused2.state)
      return { pending, rejected: rejected.finalOutput, afterRejection, approved: results(again.requests.at(-1)), final: approved.finalOutput, imports: imports() }`)
    // Approval is asked only of arguments the registry accepts, which imports the module (T10: no work runs).
    expect(output.pending).toEqual({ imports: { 'delete-file': 1 }, interruptions: ['delete_file'], final: null })
    expect(output.rejected).toBe('done')
    expect(output.afterRejection).toEqual({ 'delete-file': 1 })
    expect(output.approved).toEqual([{ callId: 'd2', output: { type: 'text', text: 'deleted b.txt' } }])
    expect(output.final).toBe('done')
    expect(output.imports).toEqual({ 'delete-file': 1 })
  })

  test('a consequential call with arguments the registry refuses does not interrupt the run: the model gets the fault', () => {
    // As a user hit with the AI SDK: a refund sent with a misspelt key was put up for approval.
    const output = run(`
      const tools = toOpenAIAgentsTools(createRegistry())
      const first = scripted([[call('v1', 'delete_file', { path: 5 }), call('v2', 'delete_file', { path: 'a.txt' })]])
      const paused = await run(new Agent({ name: 'files', model: first.model, tools }), 'delete')
      return { interruptions: paused.interruptions.map((item) => item.rawItem.callId) }`)
    expect(output).toEqual({ interruptions: ['v2'] })
  })

  test('invoking a consequential tool outside an approved run asks the confirm hook, and fails without one', () => {
    const output = run(`
      const registry = createRegistry()
      const [bare] = toOpenAIAgentsTools(registry, { tools: ['delete-file'] })
      const asked = []
      const [hooked] = toOpenAIAgentsTools(registry, { tools: ['delete-file'], prefix: 'fs_', confirm: (call) => (asked.push(call.name), false) })
      const { RunContext } = await import('@openai/agents')
      const context = new RunContext()
      const details = { toolCall: call('x1', 'delete_file', { path: 'a' }) }
      return { bare: await bare.invoke(context, '{"path":"a"}', details), hooked: [hooked.name, await hooked.invoke(context, '{"path":"a"}', details)], asked, imports: imports() }`)
    expect(output.bare).toContain('confirmation required: delete-file')
    expect(output.hooked).toEqual(['fs_delete_file', expect.stringContaining('confirmation denied: delete-file')])
    expect(output.asked).toEqual(['delete-file'])
    // The module is imported to validate the arguments before the hook is asked (its precompiled
    // validator lives there); the handler never ran.
    expect(output.imports).toEqual({ 'delete-file': 1 })
  })
})
