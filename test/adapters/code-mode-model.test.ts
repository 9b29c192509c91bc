import { afterAll, beforeAll, expect, test } from 'vitest'
import { writtenSignatures } from '../../src/analyze/written-api/written-signatures.js'
import { generateCodePrompt } from '../../src/emit/code/code-prompt.js'
import { fixtureCatalog, fixtureRoot } from '../registry/out-dir.js'
import { adapterProject, removeProject, runScript } from './adapter-project.js'

// Code mode end to end with ai 7's own mock model (MockLanguageModelV4 from ai/test): the model
// gets the code API in its system prompt and one tool, run_code, and writes a program that calls
// `add` twenty times, filters, and returns a summary.
let project = ''
beforeAll(async () => {
  project = await adapterProject()
})
afterAll(() => removeProject(project))

const catalog = fixtureCatalog()
const apiPrompt = generateCodePrompt(catalog, writtenSignatures(fixtureRoot, catalog.tools))

const program = `const sums: number[] = []
for (let index = 0; index < 20; index++) sums.push((await add({ left: index, right: index })).sum)
const big = sums.filter((sum) => sum > 30)
return { count: big.length, largest: Math.max(...big) }`

test('one model round trip runs twenty tool calls; only the summary goes back to the model; only the used tool module is imported', { timeout: 120_000 }, () => {
  const output = runScript(
    project,
    `import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { createCodeApi, runCode } from 'toolcat'
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }`,
    `
    const registry = createRegistry()
    const api = await createCodeApi(registry)
    const run_code = tool({
      description: 'Run a TypeScript program against the tools API',
      inputSchema: jsonSchema({ type: 'object', properties: { code: { type: 'string' } }, required: ['code'] }),
      execute: async ({ code }) => runCode(code, { api }),
    })
    const prompts = []
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        prompts.push(options.prompt)
        const content = prompts.length === 1
          ? [{ type: 'tool-call', toolCallId: 'r1', toolName: 'run_code', input: JSON.stringify({ code: ${JSON.stringify(program)} }) }]
          : [{ type: 'text', text: 'done' }]
        return { content, finishReason: { unified: prompts.length === 1 ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
      },
    })
    const result = await generateText({ model, system: ${JSON.stringify(apiPrompt)}, tools: { run_code }, prompt: 'Which doubled numbers under 20 exceed 30?', stopWhen: stepCountIs(3) })
    const back = prompts[1].filter((m) => m.role === 'tool').flatMap((m) => m.content).map((part) => part.output)
    return { modelCalls: model.doGenerateCalls.length, steps: result.steps.length, system: prompts[0][0].content, back, secondPrompt: JSON.stringify(prompts[1]), text: result.text, imports: imports() }`,
  ) as { modelCalls: number; steps: number; system: string; back: { type: string; value: unknown }[]; secondPrompt: string; text: string; imports: Record<string, number> }
  expect(output.system).toContain('declare function add(args: { left: number; right: number }): Promise<{ sum: number; marker: string }>')
  // One round trip: the tool call, then the answer; twenty calls ran inside the program.
  expect(output.modelCalls).toBe(2)
  expect(output.steps).toBe(2)
  expect(output.text).toBe('done')
  // Only the summary goes back: one tool result, none of the twenty sums (2 … 38) on their own.
  expect(output.back).toEqual([{ type: 'json', value: { success: true, value: { count: 4, largest: 38 }, logs: [], calls: 20 } }])
  expect(output.secondPrompt).not.toContain('HANDLER_MARKER_ADD')
  expect(output.secondPrompt).not.toMatch(/"sum"/)
  expect(output.imports).toEqual({ add: 1 })
})
