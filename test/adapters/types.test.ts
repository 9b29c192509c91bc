import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { repoRoot } from '../registry/out-dir.js'
import { adapterProject, removeProject } from './adapter-project.js'

// The adapters' results are typed per tool from the generated registry.d.ts: tsc --strict over an
// app using each framework accepts the right uses, and rejects each wrong one (one error a line).
let project = ''
beforeAll(async () => {
  project = await adapterProject()
  writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n')
  const compilerOptions = { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2023', 'DOM'], noEmit: true, skipLibCheck: true, types: [] }
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts', 'out/registry.d.ts'] }))
  const imports = [
    "import { generateText, stepCountIs, type LanguageModel, type ToolSet } from 'ai'",
    "import { toAiSdkTools } from 'toolcat/ai-sdk'",
    "import { toOpenAIAgentsTools } from 'toolcat/openai-agents'",
    "import { toLangChainTools } from 'toolcat/langchain'",
    "import { toMastraTools } from 'toolcat/mastra'",
    "import { createRegistry } from './out/registry.js'",
    'const registry = createRegistry()',
    'declare const model: LanguageModel',
  ]
  writeFileSync(
    path.join(project, 'good.ts'),
    [
      ...imports,
      "const tools = toAiSdkTools(registry, { tools: ['add', 'countdown'], prefix: 'calc_' })",
      'const set: ToolSet = tools',
      "const result = await generateText({ model, tools, prompt: 'add', stopWhen: stepCountIs(2) })",
      'for (const part of result.toolResults) {',
      "  if (!part.dynamic && part.toolName === 'calc_add') console.log(part.input.left.toFixed(), part.output.sum.toFixed(), part.output.marker.length)",
      "  if (!part.dynamic && part.toolName === 'calc_countdown') console.log(part.output.map((n) => n * 2))",
      '}',
      "const all: readonly ('add' | 'countdown' | 'delete-file' | 'flaky' | 'lookup' | 'search')[] = Object.keys(toAiSdkTools(registry)) as (keyof ReturnType<typeof toAiSdkTools<import('./out/registry.js').Tools>>)[]",
      'const agentTools = toOpenAIAgentsTools(registry)',
      "const [add] = toLangChainTools(registry, { tools: ['add'], prefix: 'lc_' })",
      "const name: 'lc_add' = add.name",
      'const value = await add.invoke({ left: 1, right: 2 })',
      "const mastra = toMastraTools(registry, { tools: ['add'] })",
      'const answer = await mastra.add.execute({ context: { left: 1, right: 2 } } as never)',
      "if (!('error' in answer)) console.log(answer.sum.toFixed())",
      'console.log(set, all, agentTools.length, name, value)',
    ].join('\n'),
  )
  writeFileSync(
    path.join(project, 'bad.ts'),
    [
      ...imports,
      "const tools = toAiSdkTools(registry, { tools: ['add'], prefix: 'calc_' })",
      'console.log(tools.add)',
      "toAiSdkTools(registry, { tools: ['ghost'] })",
      "const result = await generateText({ model, tools, prompt: 'add' })",
      "for (const part of result.toolResults) if (!part.dynamic && part.toolName === 'calc_add') console.log(part.output.nope)",
      "toMastraTools(registry, { tools: ['add'] }).search",
      "toLangChainTools(registry, { prefix: 'bad prefix ' as const }).map((one) => { const name: 'add' = one.name; return name })",
    ].join('\n'),
  )
})
afterAll(() => removeProject(project))

test('typed per tool from registry.d.ts: right uses compile, each wrong one is an error', () => {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' })
  const errors = run.stdout.split('\n').filter((line) => /error TS/.test(line))
  expect(errors.map((line) => /^(\S+)\((\d+),/.exec(line)?.slice(1, 3).join(':')), run.stdout).toEqual(['bad.ts:10', 'bad.ts:11', 'bad.ts:13', 'bad.ts:14', 'bad.ts:15'])
}, 120_000)
