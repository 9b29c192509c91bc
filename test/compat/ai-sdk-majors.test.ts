import { describe, expect, test } from 'vitest'
import { appsOfEachLine, installedVersion, runInApp, toolcatWarnings } from './fresh-apps.js'
import { testedLines } from './versions.js'
import { aiSdkScript } from '../adapters/ai-sdk-script.js'

// The AI SDK's previous and current majors, each in a fresh app holding the packed toolcat
// installed with a plain `npm i`: a real generateText loop with
// that major's own mock model (MockLanguageModelV3 for ai 6, MockLanguageModelV4 for ai 7).
const lines = testedLines.ai
const appOf = appsOfEachLine('ai')

const prelude = (mock: string): string => `import { generateText, stepCountIs } from 'ai'
import { ${mock} as MockModel } from 'ai/test'
import { deferredSteps, toAiSdkTools } from 'toolcat/ai-sdk'
${aiSdkScript}`

describe.each(lines)('ai@$version in a fresh app', (line) => {
  const major = Number(line.version.split('.')[0])
  const run = (body: string): any => runInApp(appOf(line.version), prelude(major >= 7 ? 'MockLanguageModelV4' : 'MockLanguageModelV3'), body)

  test('installs with a plain npm i, no warning from toolcat, and the app has that major', () => {
    const app = appOf(line.version)
    expect(installedVersion(app, 'ai')).toBe(line.version)
    expect(toolcatWarnings(app.installed)).toEqual([])
    // ai brings no conflict of its own either: the install is silent.
    expect(app.installed).not.toMatch(/ERESOLVE|EBADENGINE|install-scripts/)
  })

  test('a call reaches its handler importing only its module; a bad argument comes back as the tool error', () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry(), { catalog })
      const listed = imports()
      const { model, prompts } = scripted([[call('c1', 'add', { left: 2, right: 3 }), call('c2', 'add', { left: 'x', right: 3 })]])
      const result = await generateText({ model, tools, prompt: 'add', stopWhen: stepCountIs(3) })
      return { listed, imports: imports(), text: result.text, second: toolParts(prompts[1]).map((part) => part.output) }`)
    expect(output).toEqual({
      listed: {},
      imports: { add: 1 },
      text: 'done',
      second: [
        { type: 'json', value: { sum: 5, marker: 'HANDLER_MARKER_ADD' } },
        { type: 'error-text', value: 'left: type; expected number; received "x"' },
      ],
    })
  })

  test("a consequential tool waits for the SDK's approval: not run while pending or denied, run once approved", () => {
    const output = run(`
      const tools = toAiSdkTools(createRegistry())
      const { model, prompts } = scripted([[call('d1', 'delete-file', { path: 'a.txt' })]])
      const first = await generateText({ model, tools, prompt: 'delete', stopWhen: stepCountIs(3) })
      const request = first.content.find((part) => part.type === 'tool-approval-request')
      const pending = { imports: imports(), turns: prompts.length, request: request?.toolCall.toolName }
      const history = [{ role: 'user', content: 'delete' }, ...first.response.messages]
      const answer = (approved) => ({ role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved }] })
      await generateText({ model: scripted([]).model, tools, messages: [...history, answer(false)], stopWhen: stepCountIs(3) })
      const afterDenial = imports()
      const approvedRun = scripted([])
      await generateText({ model: approvedRun.model, tools, messages: [...history, answer(true)], stopWhen: stepCountIs(3) })
      const direct = await tools['delete-file'].execute({ path: 'b' }, { toolCallId: 'x1', messages: [] }).catch((error) => error.message)
      return { pending, afterDenial, approved: toolParts(approvedRun.prompts[0]).map((part) => part.output), direct, imports: imports() }`)
    expect(output).toEqual({
      // Approval is asked only of arguments the registry accepts, which imports the tool's module
      // (its validator lives there; T10: importing runs none of its work), as the registry's own confirm does.
      pending: { imports: { 'delete-file': 1 }, turns: 1, request: 'delete-file' },
      afterDenial: { 'delete-file': 1 },
      approved: [{ type: 'text', value: 'deleted a.txt' }],
      direct: 'confirmation required: delete-file',
      imports: { 'delete-file': 1 },
    })
  })
})

// AI SDK 7 defers natively (ai 7.0.173 dist/index.js, createToolSearchState): each step it leaves
// out the tools marked deferLoading until its toolSearch() has returned them in this generation.
const current = lines.find((line) => line.version.startsWith('7.'))
if (current === undefined) throw new Error('no ai 7 line in testedLines.ai')

describe(`ai@${current.version}: defer: true uses the SDK's own deferred loading`, () => {
  test('the first step offers only tool_search and the pinned tool; a found tool is offered next and reaches its handler', () => {
    const output = runInApp(appOf(current.version), prelude('MockLanguageModelV4'), `
      const tools = toAiSdkTools(createRegistry(), { defer: true, pin: ['lookup'] })
      const marked = Object.keys(tools).filter((name) => tools[name].deferLoading === true).sort()
      const { model, prompts, offered } = scripted([[call('s1', 'tool_search', { query: 'add two numbers' })], [call('c1', 'add', { left: 2, right: 3 })]])
      const result = await generateText({ model, tools, prepareStep: deferredSteps(tools), prompt: 'what is 2 + 3?', stopWhen: stepCountIs(4) })
      const found = toolParts(prompts[1]).map((part) => [part.toolName, part.output])
      const called = toolParts(prompts[2]).filter((part) => part.toolName === 'add').map((part) => part.output)
      return { marked, offered: offered.map((names) => [...names].sort()), found, called, text: result.text, imports: imports() }`)
    expect(output).toEqual({
      // Every tool but the pinned one is deferred; the search tool is the SDK's own.
      marked: ['add', 'countdown', 'delete-file', 'flaky', 'search'],
      offered: [
        ['lookup', 'tool_search'],
        ['add', 'lookup', 'tool_search'],
        ['add', 'lookup', 'tool_search'],
      ],
      found: [['tool_search', { type: 'json', value: { tools: [{ name: 'add', description: 'Add two numbers.' }] } }]],
      called: [{ type: 'json', value: { sum: 5, marker: 'HANDLER_MARKER_ADD' } }],
      text: 'done',
      // The search imported nothing; the call imported exactly the tool it called.
      imports: { add: 1 },
    })
  })
})

// AI SDK 6 has no toolSearch(): toolcat adds its own tool_search (the registry's search) and
// deferredSteps sends each step only it, the pinned tools and the tools found so far.
const previous = lines.find((line) => line.version.startsWith('6.'))
if (previous === undefined) throw new Error('no ai 6 line in testedLines.ai')

// A model that searches, then calls the first tool the search returned (read from the tool result it was sent).
const searchThenCall = `function searchThenCall(query, args) {
  return scripted((prompt, turn) => {
    const results = prompt.filter((m) => m.role === 'tool').flatMap((m) => m.content)
    return turn === 1 ? [call('s1', 'tool_search', { query })] : turn === 2 ? [call('c1', results[0].output.value.tools[0].name, args)] : undefined
  })
}`

describe(`ai@${previous.version}: defer: true uses toolcat's tool_search`, () => {
  const run = (body: string): any => runInApp(appOf(previous.version), `${prelude('MockLanguageModelV3')}\n${searchThenCall}`, body)

  test('the model sees tool_search and the pinned tool, finds a tool, and the next step calls it', () => {
    const output = run(`
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
    const output = run(`
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
