import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterProject, removeProject, runScript } from './adapter-project.js'
import { aiSdkScript } from './ai-sdk-script.js'

// Real agent steps of the Vercel AI SDK (`generateText` / `streamText` with `stopWhen`) over the
// registry fixture, with the SDK's own MockLanguageModelV3 as the model; each run is a fresh Node
// process, so `imports()` counts exactly the tool modules that run imported. A call reaching its
// handler, a fault coming back as the tool error and the approval flow are tested for ai 6 and 7,
// each in a fresh app of its own, in test/compat/ai-sdk-majors.test.ts.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const prelude = `import { generateText, jsonSchema, simulateReadableStream, stepCountIs, streamText } from 'ai'
import { MockLanguageModelV3, MockLanguageModelV3 as MockModel } from 'ai/test'
import { toAiSdkTools } from 'toolcat/ai-sdk'
${aiSdkScript}`

const run = (body: string): any => runScript(project, prelude, body)

describe('toolcat/ai-sdk in a real generateText loop', () => {
  test('tools are advertised with the catalog schema, the output schema and needsApproval', () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry(), { catalog })
      const { model, prompts } = scripted([])
      await generateText({ model, tools, prompt: 'hi' })
      return {
        names: Object.keys(tools),
        add: (await model.doGenerateCalls[0].tools).find((one) => one.name === 'add'),
        output: await tools.add.outputSchema.jsonSchema,
        approval: Object.fromEntries(Object.entries(tools).map(([name, one]) => [name, one.needsApproval !== undefined])),
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

  test('a consequential call with arguments the registry refuses is not put up for approval: it comes back as the fault', () => {
    // A user hit this with a refund tool: the model sent `ammount`, and the SDK asked the person to
    // approve a call the registry was going to refuse anyway.
    const output = run(`
      const tools = toAiSdkTools(createRegistry())
      const { model, prompts } = scripted([[call('v1', 'delete-file', { path: 'a.txt', force: true }), call('v2', 'delete-file', { path: 5 }), call('v3', 'delete-file', { path: 'b.txt' })]])
      const first = await generateText({ model, tools, prompt: 'delete', stopWhen: stepCountIs(3) })
      return {
        requests: first.content.filter((part) => part.type === 'tool-approval-request').map((part) => part.toolCall.toolCallId),
        errors: first.content.filter((part) => part.type === 'tool-error').map((part) => [part.toolCallId, String(part.error.message)]),
        results: first.content.filter((part) => part.type === 'tool-result').length,
      }`)
    expect(output).toEqual({
      requests: ['v3'],
      errors: [
        ['v1', 'force: not a declared key'],
        ['v2', 'path: type; expected string; received 5'],
      ],
      results: 0,
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
