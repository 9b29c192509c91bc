import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { repoRoot } from '../registry/out-dir.js'

// README's framework examples, run over the fixtures/basic tools built by the CLI, each with its
// framework's mock model defined as `model` before the block; every printed line must equal the
// comment line under its console.log. (The Mastra block runs in test/compat/mastra-majors.test.ts,
// in a fresh app of each Mastra major: the repository does not install Mastra.)
let project = ''
beforeAll(() => {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true })
  project = mkdtempSync(path.join(repoRoot, '.tmp', 'readme-adapters-'))
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n')
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), 'build', path.join(repoRoot, 'fixtures/basic/tools'), '--outDir', path.join(project, 'out')], { encoding: 'utf8' })
  if (built.status !== 0) throw new Error(built.stderr)
}, 120_000)
afterAll(() => rmSync(project, { recursive: true, force: true }))

/** The fenced block that follows `<!-- readme-example: <name> -->` in README.md. */
function readmeExample(name: string): string {
  const match = new RegExp(`<!-- readme-example: ${name} -->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'))
  if (!match?.[1]) throw new Error(`README.md has no example named ${name}`)
  return match[1]
}

const weather = { city: 'Lyon, FR' }
const email = { to: 'ana@example.test', subject: 'The report', body: 'Attached.' }

/** Each framework's mock model: a first turn calling one tool, then a text answer. */
const models: Record<string, string> = {
  'ai-sdk': `import { MockLanguageModelV3 } from 'ai/test'
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
let turns = 0
const model = new MockLanguageModelV3({ doGenerate: async () => ++turns === 1
  ? { content: [{ type: 'tool-call', toolCallId: 'w1', toolName: 'weather', input: ${JSON.stringify(JSON.stringify(weather))} }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] }
  : { content: [{ type: 'text', text: 'Cloudy, 18 °C.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] } })`,
  'openai-agents': `import { Usage, setTracingDisabled } from '@openai/agents'
setTracingDisabled(true)
let turns = 0
const model = {
  async getResponse() {
    return { usage: new Usage(), output: ++turns === 1
      ? [{ type: 'function_call', callId: 'e1', name: 'send_email', arguments: ${JSON.stringify(JSON.stringify(email))}, status: 'completed' }]
      : [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Sent.' }] }] }
  },
  async *getStreamedResponse() {},
}`,
  langchain: `import { FakeToolCallingModel } from 'langchain'
const model = new FakeToolCallingModel({ toolCalls: [[{ id: 'w1', name: 'weather', args: ${JSON.stringify(weather)} }], []] })`,
}

test.each(Object.keys(models))("README's %s example prints exactly what its comments claim", (name) => {
  const code = readmeExample(name)
  // A claim is the comment line right under a console.log line.
  const lines = code.split('\n')
  const claimed = lines.filter((line, index) => line.startsWith('// ') && lines[index - 1]?.includes('console.log(')).map((line) => line.slice(3))
  const file = path.join(project, `readme-${name}.mjs`)
  writeFileSync(file, `import { inspect } from 'node:util'\ninspect.defaultOptions.breakLength = Infinity\n${models[name]}\n${code}`)
  const run = spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8' })
  expect(run.stderr).toBe('')
  expect(claimed.length).toBeGreaterThan(0)
  expect(run.stdout.trimEnd().split('\n')).toEqual(claimed)
}, 60_000)
