import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { echoProject, echoToolSources, type EchoProject } from './echo-project.js'
import { fuzzParameters, fuzzRuns, fuzzTimeout } from './fuzz.js'
import { typeValues } from './type-values.js'

// Issue 12: values derived from each tool's TypeScript type (not from the schema the build wrote)
// for every golden schema fixture and example tool, through every way a user runs a tool.
let project: EchoProject
beforeAll(async () => {
  project = await echoProject()
}, 180_000)
afterAll(() => project?.close())

/** Runs per tool: a quarter of the reliability runs, so the whole set stays bounded in `npm test`. */
const runs = { ...fuzzParameters, numRuns: Math.max(10, Math.round(fuzzRuns / 4)) }
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null')

describe('values of the declared type pass, reach the handler as sent (minus undeclared keys, plus defaults), and values outside it are refused', () => {
  test.each([...echoToolSources().keys()])('%s', async (name) => {
    const tool = project.tools.find((one) => one.name === name)
    if (tool === undefined) throw new Error(`the echo project has no tool ${name}`)
    const { valid, invalid } = typeValues(tool.type, tool.at)
    await fc.assert(
      fc.asyncProperty(valid, async ({ sent, received }) => {
        for (const [way, call] of Object.entries(project.ways)) {
          const answer = await call(tool.name, sent as Record<string, unknown>)
          const expected = way === 'the MCP server' ? asJson(received) : received
          expect({ way, tool: tool.name, answer }).toEqual({ way, tool: tool.name, answer: { success: true, value: expected } })
        }
      }),
      runs,
    )
    if (invalid === undefined) return
    await fc.assert(
      fc.asyncProperty(invalid, async (sent) => {
        for (const [way, call] of Object.entries(project.ways)) {
          const answer = await call(tool.name, sent as Record<string, unknown>)
          expect({ way, tool: tool.name, sent, success: answer.success }).toEqual({ way, tool: tool.name, sent, success: false })
        }
      }),
      runs,
    )
  }, fuzzTimeout * 2)
})
