import { describe, expect, test } from 'vitest'
import { openAIAgentsPrelude } from '../adapters/openai-agents-script.js'
import { appsOfEachLine, installedVersion, runInApp, toolcatWarnings } from './fresh-apps.js'
import { testedLines } from './versions.js'

// The Agents SDK's previous and current lines (0.14, 0.20), each in a fresh app holding
// the packed toolcat installed with a plain `npm i`: real runs (`run(agent, input)`) with a
// scripted `Model`, approvals through the run state (`needsApproval`, interruptions).
const lines = testedLines['@openai/agents']
const appOf = appsOfEachLine('@openai/agents')

describe.each(lines)('@openai/agents@$version in a fresh app', (line) => {
  const run = (body: string): any => runInApp(appOf(line.version), openAIAgentsPrelude, body)

  test('installs with a plain npm i, no warning from toolcat, and the app has that line', () => {
    const app = appOf(line.version)
    expect(installedVersion(app, '@openai/agents')).toBe(line.version)
    expect(toolcatWarnings(app.installed)).toEqual([])
  })

  test('a call reaches its handler importing only its module; a bad argument comes back as the tool error', () => {
    const output = run(`
      const tools = toOpenAIAgentsTools(createRegistry())
      const listed = imports()
      const { model, requests } = scripted([[call('c1', 'add', { left: 2, right: 3 }), call('c2', 'add', { left: 'x', right: 3 })]])
      const result = await run(new Agent({ name: 'calc', model, tools }), 'add')
      return { listed, imports: imports(), final: result.finalOutput, second: results(requests[1]) }`)
    expect(output.listed).toEqual({})
    expect(output.imports).toEqual({ add: 1 })
    expect(output.final).toBe('done')
    expect(output.second).toEqual([
      { callId: 'c1', output: { type: 'text', text: JSON.stringify({ sum: 5, marker: 'HANDLER_MARKER_ADD' }) } },
      { callId: 'c2', output: { type: 'text', text: 'left: type; expected number; received "x"' } },
    ])
  })

  test('a consequential tool (needsApproval) interrupts the run: not run while pending or rejected, run once approved', () => {
    const output = run(`
      const tools = toOpenAIAgentsTools(createRegistry())
      const agent = (model) => new Agent({ name: 'files', model, tools })
      const first = scripted([[call('d1', 'delete_file', { path: 'a.txt' })]])
      const paused = await run(agent(first.model), 'delete a.txt')
      const pending = { imports: imports(), interruptions: paused.interruptions.map((item) => item.rawItem.name) }
      paused.state.reject(paused.interruptions[0])
      await run(agent(scripted([]).model), paused.state)
      const afterRejection = imports()
      const again = scripted([[call('d2', 'delete_file', { path: 'b.txt' })]])
      const paused2 = await run(agent(again.model), 'delete b.txt')
      paused2.state.approve(paused2.interruptions[0])
      await run(agent(again.model), paused2.state)
      return { pending, afterRejection, approved: results(again.requests.at(-1)), imports: imports() }`)
    expect(output).toEqual({
      // Approval is asked only of arguments the registry accepts, which imports the module (T10: no work runs).
      pending: { imports: { 'delete-file': 1 }, interruptions: ['delete_file'] },
      afterRejection: { 'delete-file': 1 },
      approved: [{ callId: 'd2', output: { type: 'text', text: 'deleted b.txt' } }],
      imports: { 'delete-file': 1 },
    })
  })
})
