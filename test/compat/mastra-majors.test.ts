import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { repoRoot } from '../registry/out-dir.js'
import { readmeBlock } from '../plugin/helpers/readme-block.js'
import { appsOfEachLine, installedVersion, runInApp, toolcatWarnings } from './fresh-apps.js'
import { testedLines } from './versions.js'

// Mastra 0.24 and 1.x, each in a fresh app holding the packed toolcat installed with a plain `npm i`:
// real agent runs (`new Agent({ model, tools })`, `generate`, `stream`, `approveToolCall`,
// `declineToolCall`) with a scripted model on the AI SDK v5 model interface (LanguageModelV2),
// which both majors drive. Each run is a fresh Node process, so
// `imports()` counts exactly the tool modules that run imported.
const lines = testedLines['@mastra/core']
const appOf = appsOfEachLine('@mastra/core')

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
const agent = (model, tools) => new Agent({ id: 'helper', name: 'helper', instructions: 'help', model, tools })
const withStorage = (model, tools) => new Mastra({ agents: { helper: agent(model, tools) }, storage: new InMemoryStore(), logger: false }).getAgent('helper')`

describe.each(lines)('@mastra/core@$version in a fresh app', (line) => {
  const run = (body: string): any => runInApp(appOf(line.version), prelude, body)

  test('installs with a plain npm i, no warning from toolcat, and the app has that major', () => {
    const app = appOf(line.version)
    expect(installedVersion(app, '@mastra/core')).toBe(line.version)
    expect(toolcatWarnings(app.installed)).toEqual([])
  })

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

  test("a consequential tool waits for Mastra's approval (stream, approveToolCall): not run while pending or declined, run once approved", () => {
    const output = run(`
      const tools = toMastraTools(createRegistry())
      const first = scripted([[call('d1', 'delete-file', { path: 'a.txt' })]])
      // Mastra suspends the run for the approval and resumes it from its storage.
      const helper = withStorage(first.model, tools)
      const stream = await helper.stream('delete a.txt', { maxSteps: 3 })
      const approvals = []
      for await (const chunk of stream.fullStream) if (chunk.type === 'tool-call-approval') approvals.push(chunk.payload.toolName)
      const pending = { approvals, imports: imports() }
      const declining = withStorage(scripted([[call('n1', 'delete-file', { path: 'b.txt' })]]).model, tools)
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

  test('outside an agent, a consequential tool asks the confirm hook; a streaming tool writes each chunk to the tool stream', () => {
    // Each major's own calling convention: Mastra 1 passes the input first, Mastra 0.24 \`{ context: input }\`.
    const modern = Number(line.version.split('.')[0]) >= 1
    const args = (input: string, rest = ''): string => (modern ? `${input}, { ${rest} }` : `{ context: ${input}${rest ? `, ${rest}` : ''} }, {}`)
    const output = run(`
      const registry = createRegistry()
      const bare = toMastraTools(registry, { tools: ['delete-file'] })
      const hooked = toMastraTools(registry, { tools: ['delete-file', 'countdown'], prefix: 'x_', confirm: () => true })
      const written = []
      const writer = { write: async (chunk) => { written.push(chunk) } }
      return {
        names: Object.keys(hooked),
        bare: await bare['delete-file'].execute(${args("{ path: 'a' }")}),
        hooked: await hooked['x_delete-file'].execute(${args("{ path: 'b' }")}),
        counted: await hooked.x_countdown.execute(${args('{ from: 2 }', 'writer')}),
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

// README's Mastra block, as written, over the fixtures/basic tools built by the app's own toolcat,
// with a streaming scripted model as `model`: each line it prints equals the comment under it.
const email = { to: 'ana@example.test', subject: 'The report', body: 'Attached.' }
const readmeModel = `import { inspect } from 'node:util'
inspect.defaultOptions.breakLength = Infinity
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 }
let turns = 0
const parts = () => ++turns === 1
  ? [{ type: 'tool-call', toolCallId: 'e1', toolName: 'send_email', input: ${JSON.stringify(JSON.stringify(email))} }, { type: 'finish', finishReason: 'tool-calls', usage }]
  : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Sent.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: 'stop', usage }]
const model = { specificationVersion: 'v2', provider: 'mock', modelId: 'readme', supportedUrls: {},
  doGenerate: async () => { throw new Error('not generated') },
  doStream: async () => ({ stream: new ReadableStream({ start(controller) { for (const part of [{ type: 'stream-start', warnings: [] }, ...parts()]) controller.enqueue(part); controller.close() } }) }) }`

test.each(lines)("README's Mastra example runs as written with @mastra/core@$version and prints what its comments claim", (line) => {
  const app = appOf(line.version)
  const folder = path.join(app.dir, 'readme')
  mkdirSync(folder, { recursive: true })
  const built = spawnSync(app.node, [path.join(app.dir, 'node_modules/toolcat/dist/src/cli/bin.js'), 'build', path.join(repoRoot, 'fixtures/basic/tools'), '--outDir', path.join(folder, 'out')], { encoding: 'utf8' })
  expect(built.status, built.stderr).toBe(0)
  const code = readmeBlock('mastra')
  const codeLines = code.split('\n')
  const claimed = codeLines.filter((text, index) => text.startsWith('// ') && codeLines[index - 1]?.includes('console.log(')).map((text) => text.slice(3))
  writeFileSync(path.join(folder, 'example.mjs'), `${readmeModel}\n${code}`)
  const run = spawnSync(app.node, ['example.mjs'], { cwd: folder, encoding: 'utf8' })
  expect(run.stderr).toBe('')
  expect(claimed).toEqual(['send_email', "{ messageId: '<16.10@example.test>' }"])
  expect(run.stdout.trimEnd().split('\n')).toEqual(claimed)
}, 120_000)
