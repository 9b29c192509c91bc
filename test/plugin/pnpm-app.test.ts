import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchChromium } from '../setup/chromium.js'
import { repoRoot } from './helpers/paths.js'
import { claimedOutput, readmeBlock } from './helpers/readme-block.js'

// A new user's app: a fresh folder outside the repository, the packed tarball and vite installed
// with pnpm (strict layout: the app reaches only what it declares), vite.config.ts and src/main.ts
// exactly as the README's "In a bundler" section writes them. Client and SSR builds, the SSR output
// run with node, and `vite` dev serving the page to Chromium. `pnpm add` approves no build: toolcat
// brings no install script (pnpm 12 fails an install with an unapproved one, ERR_PNPM_IGNORED_BUILDS).

const app = mkdtempSync(join(tmpdir(), 'toolcat-pnpm-app-'))
const pack = mkdtempSync(join(tmpdir(), 'toolcat-pnpm-pack-'))
let browser: Browser | undefined
let dev: ChildProcess | undefined

afterAll(async () => {
  await browser?.close()
  dev?.kill('SIGTERM')
  rmSync(app, { recursive: true, force: true })
  rmSync(pack, { recursive: true, force: true })
})

const files: Record<string, string> = {
  'package.json': '{ "name": "pnpm-app", "private": true, "type": "module" }\n',
  'tools/add.ts': "import { defineTool } from 'toolcat'\n\n/** Add two numbers. */\nexport default defineTool({\n  execute: (args: { left: number; right: number }) => ({ sum: args.left + args.right }),\n})\n",
  'tools/count.ts': "import { defineTool } from 'toolcat'\n\n/** Count up to a number. */\nexport const count = defineTool({\n  async *execute(args: { to: number }) {\n    for (let n = 1; n <= args.to; n++) yield n\n  },\n})\n",
  'tools/search.ts': "import { defineTool } from 'toolcat'\nimport type { Query } from './shapes'\n\n/** Search the notes. */\nexport const search = defineTool({\n  execute: (args: Query) => ({ found: [args.text], order: args.order ?? 'asc' }),\n})\n",
  'tools/shapes.ts': "export interface Query {\n  /** @minLength 2 */\n  text: string\n  /** @format date-time */\n  since?: string\n  order?: 'asc' | 'desc'\n}\n",
  'index.html': '<!doctype html>\n<meta charset="utf-8" />\n<title>pnpm app</title>\n<script type="module" src="/src/main.ts"></script>\n',
  'vite.config.ts': readmeBlock('vite-config'),
  'src/main.ts': readmeBlock('bundled-app'),
  // What an SSR entry checks besides the README's lines: validation (precompiled, with ajv's helpers), coercion, streams.
  'src/checks.ts': [
    "import { createRegistry } from '~toolcat/registry'",
    'const registry = createRegistry()',
    'const parts = []',
    "for await (const part of registry.stream({ id: 's', name: 'count', arguments: { to: 3 } })) parts.push(part)",
    'console.log(JSON.stringify({',
    "  found: await registry.call('search', { text: 'tea', since: '2024-05-01T10:00:00Z', order: 'desc' }),",
    "  short: await registry.call('search', { text: 'x' }),",
    "  badDate: await registry.call('search', { text: 'tea', since: 'yesterday' }),",
    "  coerced: await registry.call('add', { left: '2', right: 3 }),",
    '  parts,',
    '}))',
  ].join('\n'),
  // A framework adapter under the strict layout: toolcat/ai-sdk reaches the app's own `ai` (an optional peer).
  'agent.mjs': [
    "import { generateText, stepCountIs } from 'ai'",
    "import { MockLanguageModelV3 } from 'ai/test'",
    "import { toAiSdkTools } from 'toolcat/ai-sdk'",
    "import { createRegistry } from './out/registry.js'",
    "const usage = { inputTokens: { total: 1 }, outputTokens: { total: 1 } }",
    "const inputs = [{ text: 'tea' }, { text: 'x' }]",
    'const seen = []',
    'const model = new MockLanguageModelV3({',
    '  doGenerate: async ({ prompt }) => {',
    "    if (prompt.at(-1).role === 'tool') seen.push(prompt.at(-1).content[0].output)",
    '    const input = inputs[seen.length]',
    "    if (input === undefined) return { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }",
    "    return { content: [{ type: 'tool-call', toolCallId: `t${seen.length}`, toolName: 'search', input: JSON.stringify(input) }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }",
    '  },',
    '})',
    "const { text } = await generateText({ model, tools: toAiSdkTools(createRegistry()), prompt: 'Find tea', stopWhen: stepCountIs(4) })",
    'console.log(JSON.stringify({ seen, text }))',
  ].join('\n'),
}

const run = (command: string, args: string[]): string => execFileSync(command, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
const vite = (...args: string[]): string => run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), ...args])
const output = (folder: string) => readdirSync(join(app, folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))

beforeAll(() => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(app, file, '..'), { recursive: true })
    writeFileSync(join(app, file), text)
  }
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', pack], { cwd: repoRoot, encoding: 'utf8' })) as { filename: string }[]
  if (packed === undefined) throw new Error('npm pack reported no tarball')
  run(join(repoRoot, 'node_modules/.bin/pnpm'), ['add', join(pack, packed.filename), 'vite@8.3.8', 'ai@6.0.325'])
  vite('build')
  vite('build', '--ssr', 'src/main.ts', '--outDir', 'dist-ssr')
  vite('build', '--ssr', 'src/checks.ts', '--outDir', 'dist-checks')
  run(join(app, 'node_modules/.bin/toolcat'), ['build', 'tools', '--out', 'cli/catalog.json'])
  run(join(app, 'node_modules/.bin/toolcat'), ['build', 'tools', '--outDir', 'out'])
}, 300_000)

test('the layout is strict: the app reaches toolcat, vite and ai, not their dependencies', () => {
  expect(readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.')).sort()).toEqual(['ai', 'toolcat', 'vite'])
  expect(existsSync(join(app, 'node_modules/ajv'))).toBe(false)
  // No esbuild of either kind: `toolcat build --outDir` above compiled with rolldown, whose native
  // binding came as an optional platform package.
  const stored = readdirSync(join(app, 'node_modules/.pnpm'))
  expect(stored.filter((name) => name.startsWith('esbuild@') || name.startsWith('esbuild-wasm@'))).toEqual([])
  expect(stored.some((name) => name.startsWith('rolldown@'))).toBe(true)
  expect(stored.some((name) => name.startsWith('@rolldown+binding-'))).toBe(true)
})

test("the SSR build of the README's src/main.ts runs under node and prints what its comments claim", () => {
  const printed = run(process.execPath, ['dist-ssr/main.js']).trimEnd().split('\n')
  expect(printed).toEqual(claimedOutput(files['src/main.ts'] ?? ''))
})

test('in the SSR output a call reaches its handler, validation and coercion work, a stream yields its chunks', () => {
  expect(JSON.parse(run(process.execPath, ['dist-checks/checks.js']))).toEqual({
    found: { id: 'call-1', name: 'search', success: true, value: { found: ['tea'], order: 'desc' } },
    short: { id: 'call-2', name: 'search', success: false, error: 'text: minLength; expected length >= 2; received "x"' },
    badDate: { id: 'call-3', name: 'search', success: false, error: 'since: format; expected date-time; received "yesterday"' },
    coerced: { id: 'call-4', name: 'add', success: true, value: { sum: 5 } },
    parts: [
      { type: 'chunk', value: 1 },
      { type: 'chunk', value: 2 },
      { type: 'chunk', value: 3 },
      { type: 'result', result: { id: 's', name: 'count', success: true, value: [1, 2, 3] } },
    ],
  })
})

// Block comments are left out (search.js types its index with a JSDoc `import('toolcat/search')`),
// and a specifier is a package name, not any quoted text after the word `import`.
const bareImports = (folder: string) =>
  new Set(
    output(folder).flatMap((file) => {
      const code = readFileSync(join(app, folder, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
      return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([@a-z][^"'\s,]*)["']/g)].map((match) => match[1])
    }),
  )

test('generated code imports no package but toolcat: the client output none at all, the SSR output only toolcat', () => {
  expect([...bareImports('dist')]).toEqual([])
  expect([...bareImports('dist-ssr')]).toEqual(['toolcat'])
  expect([...bareImports('dist-checks')]).toEqual(['toolcat'])
})

test("the CLI's --outDir output imports only toolcat/lazy (and its package bin, mcp-server.js, toolcat/serve), and its registry validates and calls under node", () => {
  expect([...bareImports('out')].sort()).toEqual(['toolcat/lazy', 'toolcat/serve'])
  const script = "import { createRegistry } from './out/registry.js'\nconst registry = createRegistry()\nconsole.log(JSON.stringify([await registry.call('add', { left: 1, right: 2 }), await registry.call('search', { text: 'x' })]))"
  expect(JSON.parse(run(process.execPath, ['--input-type=module', '-e', script]))).toEqual([
    { id: 'call-1', name: 'add', success: true, value: { sum: 3 } },
    { id: 'call-2', name: 'search', success: false, error: 'text: minLength; expected length >= 2; received "x"' },
  ])
})

test("toolcat/ai-sdk finds the app's own ai: a mock model's calls reach the handler, a fault comes back as a tool error and the run goes on", () => {
  expect(JSON.parse(run(process.execPath, ['agent.mjs']))).toEqual({
    seen: [
      { type: 'json', value: { found: ['tea'], order: 'asc' } },
      { type: 'error-text', value: 'text: minLength; expected length >= 2; received "x"' },
    ],
    text: 'done',
  })
})

test('catalog.json lands in the client and both SSR outputs, with the bytes `toolcat build` writes', () => {
  const cli = readFileSync(join(app, 'cli/catalog.json'), 'utf8')
  expect(JSON.parse(cli).tools.map((tool: { name: string }) => tool.name)).toEqual(['add', 'count', 'search'])
  for (const folder of ['dist', 'dist-ssr', 'dist-checks']) expect(readFileSync(join(app, folder, 'catalog.json'), 'utf8'), folder).toBe(cli)
})

test("`vite` dev serves the README's page to Chromium: it logs what the comments claim, and no module fails", async () => {
  const port = await freePort()
  dev = spawn(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  })
  await new Promise<void>((resolve, reject) => {
    dev?.stdout?.on('data', (data: Buffer) => (String(data).includes(`:${port}/`) ? resolve() : undefined))
    dev?.on('exit', (code) => reject(new Error(`vite exited with ${code}`)))
  })
  browser = await launchChromium()
  const page = await browser.newPage()
  const logged: unknown[] = []
  const failures: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'log') void Promise.all(message.args().map((arg) => arg.jsonValue())).then((values) => logged.push(...values))
  })
  page.on('response', (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(`http://127.0.0.1:${port}/`)
  // Node prints the claimed lines; the page logs the same values.
  await expect.poll(() => logged, { timeout: 30_000 }).toEqual([['add', 'count', 'search'], { id: 'call-1', name: 'add', success: true, value: { sum: 5 } }])
  expect(failures).toEqual([])
}, 60_000)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
