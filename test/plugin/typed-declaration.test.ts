import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, createLogger, type Logger } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ToolcatPluginOptions } from '../../plugin/options.js'
import { repoRoot } from './helpers/paths.js'

// An app outside the repository (toolcat installed as a link to this checkout) built with vite:
// the plugin writes typed-tools.d.ts, which makes tsc type `~toolcat/registry` by the app's tools.

const project = mkdtempSync(join(tmpdir(), 'toolcat-dts-'))
const declaration = join(project, 'typed-tools.d.ts')
afterAll(() => rmSync(project, { recursive: true, force: true }))

const files: Record<string, string> = {
  'package.json': '{ "name": "dts-app", "private": true, "type": "module" }\n',
  'tools/add.ts': "import { defineTool } from 'toolcat'\n\n/** Add two numbers. */\nexport default defineTool({\n  execute: (args: { left: number; right: number }) => ({ sum: args.left + args.right }),\n})\n",
  'tools/count.ts': "import { defineTool } from 'toolcat'\n\n/** Count up. */\nexport const count = defineTool({\n  async *execute(args: { to: number }) {\n    for (let n = 1; n <= args.to; n++) yield n\n  },\n})\n",
  'tools/search.ts': "import { defineTool } from 'toolcat'\nimport type { Query } from './shapes'\n\n/** Search. */\nexport const search = defineTool({ execute: (args: Query) => [args.text] })\n",
  'tools/shapes.ts': "export interface Query {\n  text: string\n  order?: 'asc' | 'desc'\n}\n",
  'main.ts': "import definitions from '~toolcat/catalog'\nimport { createRegistry } from '~toolcat/registry'\nexport const registry = createRegistry()\nexport default definitions\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true, skipLibCheck: false, types: [] },
    include: ['typed-tools.d.ts', 'good.ts', 'bad.ts'],
  }),
  'good.ts': [
    "import definitions, { add, count } from '~toolcat/catalog'",
    "import { createRegistry } from '~toolcat/registry'",
    'const registry = createRegistry({ handlers: { add: (args) => ({ sum: args.left + args.right }) } })',
    "const sum = await registry.call('add', { left: 1, right: 2 })",
    'if (sum.success) console.log(sum.value.sum.toFixed())',
    "for await (const part of registry.stream({ id: '1', name: 'count', arguments: { to: 3 } })) {",
    "  if (part.type === 'chunk') console.log(part.value.toFixed())",
    '  else if (part.result.success) console.log(part.result.value.map((n) => n + 1))',
    '}',
    "const found = await registry.call('search', { text: 'tea', order: 'desc' })",
    'if (found.success) console.log(found.value.join())',
    "const name: 'add' = add.name",
    'console.log(name, count.name, definitions.length)',
  ].join('\n'),
  'bad.ts': [
    "import { createRegistry } from '~toolcat/registry'",
    'const registry = createRegistry()',
    "await registry.call('add', { left: 'x', right: 2 })",
    "await registry.call('add', { left: 1 })",
    "await registry.call('search', { text: 'tea', order: 'random' })",
    "await registry.call('ghost', {})",
    "registry.stream({ id: '1', name: 'count', arguments: { to: 'three' } })",
    "for await (const part of registry.stream({ id: '1', name: 'count', arguments: { to: 3 } })) if (part.type === 'chunk') part.value.toUpperCase()",
    'createRegistry({ handlers: { ghost: () => 1 } })',
  ].join('\n'),
}

function buildApp(plugin: ToolcatPluginOptions = {}, logger?: Logger): Promise<unknown> {
  return build({
    root: project,
    configFile: false,
    logLevel: logger === undefined ? 'silent' : 'warn',
    ...(logger === undefined ? {} : { customLogger: logger }),
    plugins: [toolcatVite(plugin)],
    build: { write: false, rollupOptions: { input: 'main.ts' } },
  })
}

/** tsc over good.ts and bad.ts: `file:line` of every error. */
function typeErrors(): string[] {
  const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' })
  return run.stdout.split('\n').filter((line) => /error TS/.test(line)).map((line) => /^(\S+)\((\d+),/.exec(line)?.slice(1, 3).join(':') ?? line)
}

beforeAll(async () => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(project, file, '..'), { recursive: true })
    writeFileSync(join(project, file), text)
  }
  mkdirSync(join(project, 'node_modules'))
  symlinkSync(repoRoot, join(project, 'node_modules/toolcat'), 'dir')
  await buildApp()
}, 60_000)

test('with the declaration the plugin wrote, tsc types call(), stream() chunks and handlers: right calls pass, wrong ones fail', () => {
  expect(readFileSync(declaration, 'utf8')).toContain('"count": { args: { to: number }; result: readonly number[]; chunk: number }')
  // Every error is in bad.ts, one per wrong line (3–9); good.ts checks clean.
  expect(typeErrors()).toEqual(['bad.ts:3', 'bad.ts:4', 'bad.ts:5', 'bad.ts:6', 'bad.ts:7', 'bad.ts:8', 'bad.ts:9'])
}, 60_000)

test('the declaration is rewritten only when its content changes', async () => {
  const before = statSync(declaration).mtimeMs
  await buildApp()
  expect(statSync(declaration).mtimeMs).toBe(before)
  writeFileSync(join(project, 'tools/shapes.ts'), "export interface Query {\n  text: string\n  order?: 'asc' | 'desc'\n  limit?: number\n}\n")
  await buildApp()
  expect(readFileSync(declaration, 'utf8')).toContain("limit?: number")
})

test('`dts` picks another path, and `false` writes none', async () => {
  rmSync(declaration)
  await buildApp({ dts: 'src/generated/tools.d.ts' })
  expect(readFileSync(join(project, 'src/generated/tools.d.ts'), 'utf8')).toContain("declare module '~toolcat/registry'")
  await buildApp({ dts: false })
  expect(existsSync(declaration)).toBe(false)
})

test('a declaration that cannot be written is one warning, and the build still succeeds', async () => {
  const warnings: string[] = []
  const logger = createLogger('silent')
  logger.warn = (message) => void warnings.push(message)
  await buildApp({ dts: 'package.json/tools.d.ts' }, logger)
  expect(warnings.filter((warning) => warning.includes('could not write the typed declaration'))).toHaveLength(1)
})
