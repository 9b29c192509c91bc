/**
 * Code mode's costs: the size of the typed API an agent is given against the JSON tool list a
 * provider is sent, at 100 tools and at the search bench's 1,161 GitHub tools (bench/.corpus/github,
 * written and built here as the search suite does); the sandbox's start-up (the engine's first
 * compile, then one fresh runtime per program); and the overhead of one bridged tool call against
 * calling the same function on the host.
 *
 * Usage: npm run build && node bench/code-mode.mjs [--calls 1000] [--starts 20]
 * Needs the npm registry once (npm pack @octokit/openapi into bench/.corpus, git-ignored).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { githubOperations, writeGithubProject } from './corpus/github.mjs'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const dist = (file) => import(pathToFileURL(join(repoRoot, 'dist', file)).href)
const { values } = parseArgs({ options: { calls: { type: 'string', default: '1000' }, starts: { type: 'string', default: '20' } } })
const calls = Number(values.calls)
const starts = Number(values.starts)

const { generateCodeApiFiles } = await dist('src/emit/code/code-api-files.js')
const { generateCodePrompt } = await dist('src/emit/code/code-prompt.js')
const { writtenSignatures } = await dist('src/analyze/written-api/written-signatures.js')
const { exportTools } = await dist('src/interop/profiles/index.js')
const { createCodeApi, createTool, createToolManager, runCode } = await dist('src/index.js')

const dir = join(repoRoot, 'bench/.corpus/github')
if (!existsSync(join(dir, 'out/catalog.json'))) {
  writeGithubProject(dir, githubOperations())
  execFileSync(process.execPath, [join(repoRoot, 'dist/src/cli/bin.js'), 'build', 'tools', '--outDir', 'out', '--checker', 'ts-morph'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
}
const full = JSON.parse(readFileSync(join(dir, 'out/catalog.json'), 'utf8'))
const written = writtenSignatures(dir, full.tools)

const bytes = (text) => Buffer.byteLength(text, 'utf8')
const json = (value) => bytes(JSON.stringify(value))
console.log('| tools | JSON tool list (anthropic) | JSON tool list (openai) | code API files (all) | index.d.ts | one tool module (median) | code-prompt |')
console.log('|---:|---:|---:|---:|---:|---:|---:|')
for (const size of [100, full.tools.length]) {
  const catalog = { ...full, tools: full.tools.slice(0, size) }
  const files = generateCodeApiFiles(catalog, written)
  const modules = files.filter((file) => file.path !== 'index.d.ts' && file.path !== 'globals.d.ts').map((file) => bytes(file.contents)).sort((a, b) => a - b)
  const index = bytes(files.find((file) => file.path === 'index.d.ts').contents)
  const total = files.reduce((sum, file) => sum + bytes(file.contents), 0)
  const row = [size, json(exportTools(catalog, 'anthropic').output), json(exportTools(catalog, 'openai').output), total, index, modules[Math.floor(modules.length / 2)], bytes(generateCodePrompt(catalog, written))]
  console.log(`| ${row.map((cell) => cell.toLocaleString('en-US')).join(' | ')} |`)
}

const registry = createToolManager()
registry.add(createTool({ name: 'echo', contract: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }, execute: ({ n }) => ({ n }) }))
const api = await createCodeApi(registry)

const time = async (run) => {
  const started = performance.now()
  await run()
  return performance.now() - started
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]

const first = await time(() => runCode('return 1', { api }))
const warm = []
for (let index = 0; index < starts; index++) warm.push(await time(() => runCode('return 1', { api })))
console.log(`\nsandbox start-up: first runCode ${first.toFixed(1)} ms (engine compile + esbuild load), then median ${median(warm).toFixed(2)} ms per program (fresh runtime, strip, run) over ${starts}`)

const inSandbox = await time(async () => {
  const result = await runCode(`let total = 0\nfor (let n = 0; n < ${calls}; n++) total += (await echo({ n })).n\nreturn total`, { api, maxCalls: calls, timeoutMs: 120_000 })
  if (!result.success) throw new Error(result.error)
})
const onHost = await time(async () => {
  for (let n = 0; n < calls; n++) await api.echo({ n })
})
console.log(`bridged call: ${((inSandbox - median(warm)) / calls * 1000).toFixed(1)} µs per call in the sandbox against ${(onHost / calls * 1000).toFixed(1)} µs on the host (${calls} calls): overhead ${(((inSandbox - median(warm)) - onHost) / calls * 1000).toFixed(1)} µs per call`)
