import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import { generatedProject, runInFreshNode } from '../registry/out-dir.js'

// The generated registry of fixtures/registry in fresh Node processes: `imports()` counts the tool
// modules evaluated, as the registry tests count lazy imports.
let project = ''
beforeAll(async () => {
  project = await generatedProject()
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

const run = (body: string): any => runInFreshNode(project, body)

describe('registry.search over the generated search.js', () => {
  test('finds tools best first and imports no tool module', () => {
    const output = run(`
      const registry = createRegistry()
      const found = await registry.search('remove a file')
      const numbers = await registry.search('count down numbers', { limit: 1 })
      return { found: found.map((d) => d.name), numbers: numbers.map((d) => ({ name: d.name, parameters: d.parameters })), imports: imports() }`)
    expect(output.found[0]).toBe('delete-file')
    expect(output.numbers).toEqual([{ name: 'countdown', parameters: { type: 'object', properties: { from: { type: 'integer', minimum: 1 } }, required: ['from'], additionalProperties: false } }])
    expect(output.imports).toEqual({})
  })

  test('tool_search returns names, descriptions and schemas; the found tool is then called and only it is imported', () => {
    const output = run(`
      const registry = createRegistry()
      const tool = registry.searchTool()
      const listed = registry.definitions().map((d) => d.name)
      const searched = await registry.call('tool_search', { query: 'add numbers', limit: 2 })
      const before = imports()
      const name = searched.value.tools[0].name
      const called = await registry.call(name, { left: 2, right: 3 })
      const bad = await registry.call('tool_search', { query: '' })
      return { name: tool.name, listed, first: searched.value.tools[0], before, called: called.value.sum, imports: imports(), bad }`)
    expect(output.name).toBe('tool_search')
    expect(output.listed).toContain('tool_search')
    expect(output.first).toEqual({ name: 'add', description: 'Add two numbers.', parameters: expect.objectContaining({ type: 'object', required: ['left', 'right'] }) })
    expect(output.before).toEqual({})
    expect(output.called).toBe(5)
    expect(output.imports).toEqual({ add: 1 })
    expect(output.bad).toMatchObject({ success: false, error: expect.stringContaining('query') })
  })

  test('annotations filter the results', () => {
    const output = run(`
      const registry = createRegistry()
      return { yes: (await registry.search('delete file', { filter: { consequential: true } })).map((d) => d.name), no: (await registry.search('delete file', { filter: { consequential: false } })).map((d) => d.name) }`)
    expect(output.yes).toEqual(['delete-file'])
    expect(output.no).not.toContain('delete-file')
  })
})

describe('hybrid hooks with a deterministic fake', () => {
  const parameters = { type: 'object', properties: {} }
  const registry = () =>
    createLazyRegistry(
      ['weather_get', 'invoice_create', 'invoice_delete', 'user_list'].map((name) => ({ definition: { name, description: `The ${name.replace('_', ' ')} tool.`, parameters }, load: async () => ({}) })),
    )
  // One dimension per concept: what an embedding model would place near each other.
  const concepts = [/weather|forecast|rain/, /invoice|bill/, /delete|cancel/, /user|person/]
  const embed = (texts: readonly string[]) => texts.map((text) => concepts.map((concept) => (concept.test(text) ? 1 : 0)))

  test('embed: a tool the words miss but the meaning finds is returned', async () => {
    const tools = registry()
    expect(await tools.search('will it rain tomorrow')).toEqual([])
    expect((await tools.search('will it rain tomorrow', { embed })).map((d) => d.name)[0]).toBe('weather_get')
    // Fused with the lexical ranking: words and meaning agree on the first.
    expect((await tools.search('invoice delete', { embed })).map((d) => d.name)[0]).toBe('invoice_delete')
  })

  test('rank: reorders the lexical candidates it is given', async () => {
    const tools = registry()
    const seen: unknown[] = []
    const rank = (query: string, candidates: readonly { name: string; score: number; definition: { name: string } }[]) => {
      seen.push({ query, names: candidates.map((candidate) => candidate.name), scored: candidates.every((candidate) => candidate.score > 0 && candidate.definition.name === candidate.name) })
      return [...candidates].reverse().map((candidate) => candidate.name)
    }
    const plain = (await tools.search('invoice')).map((d) => d.name)
    const ranked = (await tools.search('invoice', { rank })).map((d) => d.name)
    expect(plain).toHaveLength(2)
    expect(ranked).toEqual([...plain].reverse())
    expect(seen).toEqual([{ query: 'invoice', names: plain, scored: true }])
  })

  test('a registry without a prebuilt index builds one, again after a tool is added', async () => {
    const tools = registry()
    expect((await tools.search('forecast')).map((d) => d.name)).toEqual([])
    tools.add({ name: 'forecast_week', description: 'Forecast for the week.', parameters, execute: () => 1 })
    expect((await tools.search('forecast')).map((d) => d.name)).toEqual(['forecast_week'])
  })
})
