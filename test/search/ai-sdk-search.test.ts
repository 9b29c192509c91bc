import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adapterProject, removeProject, runScript } from '../adapters/adapter-project.js'

// A real generateText loop of the AI SDK (6, this repository's devDependency) with its own
// MockLanguageModelV3, over the registry fixture's generated registry in a fresh Node process.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const prelude = `import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { deferredSteps, toAiSdkTools } from 'toolcat/ai-sdk'
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const call = (toolCallId, toolName, input) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) })
// A model that searches, then calls the first tool the search returned (read from the tool result it was sent).
function searchThenCall(query, args) {
  const prompts = []
  const offered = []
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt)
      offered.push((options.tools ?? []).map((tool) => tool.name))
      const results = options.prompt.filter((m) => m.role === 'tool').flatMap((m) => m.content)
      const content = prompts.length === 1 ? [call('s1', 'tool_search', { query })]
        : prompts.length === 2 ? [call('c1', results[0].output.value.tools[0].name, args)]
        : [{ type: 'text', text: 'done' }]
      const calls = content.some((part) => part.type === 'tool-call')
      return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
    },
  })
  return { model, prompts, offered }
}`

describe('toAiSdkTools(registry, { defer: true }) on AI SDK 6', () => {
  test('the model sees tool_search and the pinned tool, finds a tool, and the next step calls it', () => {
    const output = runScript(project, prelude, `
      const tools = toAiSdkTools(createRegistry(), { defer: true, pin: ['lookup'] })
      const { model, prompts, offered } = searchThenCall('add two numbers', { left: 2, right: 3 })
      const result = await generateText({ model, tools, prepareStep: deferredSteps(tools), prompt: 'what is 2 + 3?', stopWhen: stepCountIs(4) })
      const toolOutputs = prompts[2].filter((m) => m.role === 'tool').flatMap((m) => m.content).filter((part) => part.toolName !== 'tool_search').map((part) => [part.toolName, part.output.value])
      return { offered, steps: result.steps.length, toolOutputs, imports: imports() }`)
    // First only the search tool and the pinned tool; then also what the search found (add first).
    expect([...output.offered[0]].sort()).toEqual(['lookup', 'tool_search'])
    expect(output.offered[1]).toEqual(expect.arrayContaining(['tool_search', 'lookup', 'add']))
    expect(output.offered[1].length).toBeLessThan(7)
    expect(output.toolOutputs).toEqual([['add', { sum: 5, marker: 'HANDLER_MARKER_ADD' }]])
    expect(output.steps).toBe(3)
    // The search imported nothing; the call imported exactly the tool it called.
    expect(output.imports).toEqual({ add: 1 })
  })

  test('tool_search returns names, descriptions and schemas; defer needs a registry that can search', () => {
    const output = runScript(project, prelude, `
      const tools = toAiSdkTools(createRegistry(), { defer: true })
      const found = await tools.tool_search.execute({ query: 'count down' }, { toolCallId: 'x', messages: [] })
      const { createToolManager } = await import('toolcat')
      let refused = ''
      try { toAiSdkTools(createToolManager(), { defer: true }) } catch (error) { refused = error.message }
      return { first: found.tools[0], refused }`)
    expect(output.first).toMatchObject({ name: 'countdown', parameters: { type: 'object', required: ['from'] } })
    expect(output.refused).toMatch(/defer: true needs a registry with search/)
  })
})
