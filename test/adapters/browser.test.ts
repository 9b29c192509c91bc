import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchChromium } from '../setup/chromium.js'
import { adapterProject, removeProject } from './adapter-project.js'

// toolcat/ai-sdk in headless Chromium: an app bundled for the browser (esbuild, platform browser,
// so a Node builtin anywhere would fail the build) runs a generateText step with the SDK's
// MockLanguageModelV3 over the generated registry; each tool module is its own chunk, fetched
// only when the model calls that tool.
let project = ''
let browser: Browser
const origin = 'http://toolcat.test'

beforeAll(async () => {
  project = await adapterProject()
  writeFileSync(
    path.join(project, 'app.js'),
    `import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { toAiSdkTools } from 'toolcat/ai-sdk'
import { createRegistry } from './out/registry.js'
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
window.runStep = async () => {
  const tools = toAiSdkTools(createRegistry())
  const listed = { ...globalThis.__toolcatImports }
  const prompts = []
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      prompts.push(prompt)
      const content = prompts.length === 1 ? [{ type: 'tool-call', toolCallId: 'b1', toolName: 'add', input: '{"left":20,"right":22}' }] : [{ type: 'text', text: 'done' }]
      return { content, finishReason: { unified: prompts.length === 1 ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
    },
  })
  const result = await generateText({ model, tools, prompt: 'add', stopWhen: stepCountIs(3) })
  const answer = prompts[1].filter((m) => m.role === 'tool').flatMap((m) => m.content).map((part) => part.output)
  return { listed, imports: { ...globalThis.__toolcatImports }, text: result.text, answer }
}
`,
  )
  await build({
    absWorkingDir: project,
    entryPoints: ['app.js'],
    outdir: path.join(project, 'web'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  removeProject(project)
})

test('an AI SDK step in the browser: listing fetches no tool chunk, the call fetches and runs only its tool', async () => {
  const page = await browser.newPage()
  const fetched: string[] = []
  await page.route(`${origin}/**`, (route) => {
    const file = new URL(route.request().url()).pathname
    fetched.push(file)
    if (file === '/') return route.fulfill({ contentType: 'text/html', body: '<script type="module" src="/app.js"></script>' })
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(path.join(project, 'web', file)) })
  })
  await page.goto(`${origin}/`)
  await page.waitForFunction(() => typeof (window as { runStep?: unknown }).runStep === 'function')
  const before = [...fetched]
  const output = await page.evaluate(() => (window as unknown as { runStep: () => Promise<unknown> }).runStep())
  expect(output).toEqual({ listed: {}, imports: { add: 1 }, text: 'done', answer: [{ type: 'json', value: { sum: 42, marker: 'HANDLER_MARKER_ADD' } }] })
  const holding = (files: string[], marker: string) => files.filter((file) => file !== '/' && readFileSync(path.join(project, 'web', file), 'utf8').includes(marker))
  // The add module's chunk arrived only for the call; no other tool's chunk was ever fetched.
  expect(holding(before, 'HANDLER_MARKER_ADD')).toHaveLength(0)
  expect(holding(fetched, 'HANDLER_MARKER_ADD')).toHaveLength(1)
  expect(holding(fetched, 'HANDLER_MARKER_SEARCH')).toHaveLength(0)
  await page.close()
})
