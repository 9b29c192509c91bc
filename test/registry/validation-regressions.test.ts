import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCatalog } from '../../src/build.js'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { createTool, createToolManager } from '../../src/index.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { esbuildOptions, } from '../plugin/helpers/bundlers.js'
import { repoRoot } from './out-dir.js'
import { expectedResult, scenarios, validationProject } from './validation-scenarios.js'

// Issue 12, "What was seen": each case through every way a user runs fixtures/validation.
let project = ''
let catalog: Catalog
const answers: Record<string, unknown[]> = {}
const pluginOut = path.join(repoRoot, '.tmp/validation-regressions')

/**
 * Runs a script in a fresh Node process with `createRegistry` imported from `registry` (a file)
 * and returns the JSON value of its body.
 */
function inFreshNode(registry: string, body: string): unknown {
  const script = `import { createRegistry } from ${JSON.stringify(pathToFileURL(registry).href)}\nconst output = await (async () => { ${body} })()\nprocess.stdout.write(JSON.stringify(output))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`node exited with ${run.status}: ${run.stderr}`)
  return JSON.parse(run.stdout)
}

/** Every scenario's answer from the registry a module creates, without call ids. */
function answersOf(registry: string): unknown[] {
  const calls = scenarios.map((scenario) => [scenario.tool, scenario.args])
  return inFreshNode(registry, `
    const registry = createRegistry()
    const answers = []
    for (const [name, args] of ${JSON.stringify(calls)}) {
      const { id, ...result } = await registry.call(name, args)
      answers.push(result)
    }
    return answers`) as unknown[]
}

async function mcpAnswers(): Promise<unknown[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(repoRoot, 'dist/src/cli/bin.js'), 'serve', '--mcp', 'tools'],
    cwd: project,
    stderr: 'pipe',
  })
  const client = new Client({ name: 'toolcat-test', version: '1.0.0' })
  await client.connect(transport)
  try {
    const results: unknown[] = []
    for (const scenario of scenarios) {
      const answer = await client.callTool({ name: scenario.tool, arguments: { ...scenario.args } })
      const text = (answer.content as { text: string }[])[0]?.text ?? ''
      results.push(answer.isError === true ? { name: scenario.tool, success: false, error: text } : { name: scenario.tool, success: true, value: JSON.parse(text) })
    }
    return results
  } finally {
    await client.close()
  }
}

beforeAll(async () => {
  project = validationProject()
  catalog = buildCatalog({ root: project }).catalog
  await writeOutDir(catalog, { root: project, outDir: 'out' })
  await writeOutDir(catalog, { root: project, outDir: 'out-runtime', validators: 'runtime' })
  writeFileSync(path.join(project, 'main.ts'), "export { createRegistry } from '~toolcat/registry'\n")
  rmSync(pluginOut, { recursive: true, force: true })
  await build(esbuildOptions(project, pluginOut))
  answers['precompiled validators'] = answersOf(path.join(project, 'out/registry.js'))
  answers['runtime validators'] = answersOf(path.join(project, 'out-runtime/registry.js'))
  answers['the esbuild plugin'] = answersOf(path.join(pluginOut, 'main.js'))
  answers['toolcat serve --mcp'] = await mcpAnswers()
  const tools = createToolManager()
  for (const tool of catalog.tools) tools.add(createTool({ name: tool.name, contract: tool.parameters, execute: (args) => args }))
  answers['contract tools'] = []
  for (const scenario of scenarios) {
    const { id: _id, ...result } = await tools.execute({ id: 'c', name: scenario.tool, arguments: scenario.args })
    answers['contract tools'].push(result)
  }
}, 180_000)

afterAll(() => {
  rmSync(path.dirname(project), { recursive: true, force: true })
  rmSync(pluginOut, { recursive: true, force: true })
})

describe.each(['precompiled validators', 'runtime validators', 'the esbuild plugin', 'toolcat serve --mcp', 'contract tools'])('through %s', (way) => {
  test.each(scenarios.map((scenario, index) => ({ ...scenario, index })))('$title', (scenario) => {
    expect(answers[way]?.[scenario.index]).toEqual(expectedResult(scenario))
  })
})

describe('the order at the boundary, in a generated registry', () => {
  test('an invalid call never reaches the confirm hook; a valid one is confirmed with its normalised arguments', () => {
    const output = inFreshNode(path.join(project, 'out/registry.js'), `
      const registry = createRegistry()
      const asked = []
      const confirm = (call) => (asked.push(call.arguments), true)
      const invalid = await registry.call('delete_repo', { confirmName: 'r' }, { confirm })
      const stray = await registry.call('delete_repo', { repo: 'r', rep: 1 }, { confirm })
      const valid = await registry.call('delete_repo', { repo: 'r' }, { confirm })
      return { invalid: invalid.error, stray: stray.error, valid: valid.value, asked }`)
    expect(output).toEqual({
      invalid: 'repo: required; expected a value',
      stray: 'rep: not a declared key (did you mean repo?)',
      valid: 'deleted r',
      asked: [{ repo: 'r' }],
    })
  })

  test('a context without a signal is completed with a fresh one', () => {
    const output = inFreshNode(path.join(project, 'out/registry.js'), `
      const registry = createRegistry()
      return [await registry.call('search_issues', { query: 'q' }, {}), await registry.call('delete_repo', { repo: 'r' }, { confirm: () => true })]`)
    expect(output).toEqual([
      { id: 'call-1', name: 'search_issues', success: true, value: { query: 'q' } },
      { id: 'call-2', name: 'delete_repo', success: true, value: 'deleted r' },
    ])
  })
})
