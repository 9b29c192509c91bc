import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CliProcess, leftovers } from './cli-process.js'
import { writeFile } from './project.js'
import { repoRoot } from './run-cli.js'

/** A fenced block of README.md that follows `<!-- readme-example: <name> -->`, exactly as written. */
function readmeBlock(name: string): string {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  const block = new RegExp(`<!-- readme-example: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1]
  if (block === undefined) throw new Error(`README.md has no block named ${name}`)
  return block
}

const scratch = mkdtempSync(path.join(tmpdir(), 'toolcat-fresh-app-'))
const app = path.join(scratch, 'app')
let packed: string[] = []
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
const toolcat = (args: string[]) => spawnSync('npx', ['--no', 'toolcat', ...args], { cwd: app, encoding: 'utf8' })
const node = (file: string) => spawnSync(process.execPath, [file], { cwd: app, encoding: 'utf8' })
const tsc = (files: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'preserve', '--moduleResolution', 'bundler', '--target', 'es2022', '--skipLibCheck', ...files], { cwd: app, encoding: 'utf8' })

// A newcomer's app: `npm init -y` (npm 11 writes "type": "commonjs"), the packed toolcat, README's two tool files.
beforeAll(() => {
  const [pack] = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], repoRoot)) as { filename: string; files: { path: string }[] }[]
  if (pack === undefined) throw new Error('npm pack reported no tarball')
  packed = pack.files.map((file) => file.path)
  execFileSync('mkdir', [app])
  npm(['init', '-y'], app)
  npm(['install', '--no-audit', '--no-fund', path.join(scratch, pack.filename)], app)
  writeFile(app, 'tools/weather.ts', readmeBlock('weather-tool'))
  writeFile(app, 'tools/lookup-order.ts', readmeBlock('declaration-only'))
}, 300_000)

test('the tarball ships the LICENSE package.json names, and every file README.md links to', () => {
  expect((JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { license: string }).license).toBe('MIT')
  expect(packed).toContain('LICENSE')
  const license = readFileSync(path.join(app, 'node_modules/toolcat/LICENSE'), 'utf8')
  expect(license).toMatch(/^MIT License\n\nCopyright \(c\) toolcat contributors\n\nPermission is hereby granted, free of charge/)
  for (const markdown of ['README.md', ...packed.filter((file) => file.endsWith('.md') && file !== 'README.md')]) {
    const text = readFileSync(path.join(app, 'node_modules/toolcat', markdown), 'utf8')
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] as string).filter((link) => !/^[a-z]+:/.test(link))
    if (markdown === 'README.md') expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(packed, `${markdown} links ${link}`).toContain(path.posix.join(path.posix.dirname(markdown), link))
  }
})

test('--outDir output runs in a "type": "commonjs" app: the build adds the module-type marker, says so once, and the README registry example runs as written', () => {
  expect((JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as { type?: string }).type).toBe('commonjs')
  const first = toolcat(['build', 'tools', '--outDir', 'out'])
  expect(first.status, first.stderr).toBe(0)
  expect(first.stderr).toMatch(/^note: out\/package\.json sets "type": "module" for the generated ES modules \(package\.json says "type": "commonjs"\)\n✔ 2 tools · 0 errors · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ → out\n$/)
  expect(JSON.parse(readFileSync(path.join(app, 'out/package.json'), 'utf8'))).toMatchObject({ type: 'module' })
  // README's weather tool shows `units = 'metric'`: the catalog says so.
  const catalog = JSON.parse(readFileSync(path.join(app, 'out/catalog.json'), 'utf8')) as { tools: { name: string; parameters: { properties: Record<string, unknown> } }[] }
  expect(catalog.tools.find((tool) => tool.name === 'weather')?.parameters.properties['units']).toEqual({ type: 'string', enum: ['metric', 'imperial'], default: 'metric' })
  const second = toolcat(['build', 'tools', '--outDir', 'out'])
  expect(second.stderr).toMatch(/^✔ 2 tools · 0 errors · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ → out\n$/)

  // README's "Using the registry" block, exactly as written, then its result printed.
  writeFileSync(path.join(app, 'app.mjs'), `${readmeBlock('registry')}console.log(JSON.stringify(weather))\n`)
  const esm = node('app.mjs')
  expect(esm.stderr).toBe('')
  expect(esm.stdout.trim().split('\n')).toEqual(['lookup_order', 'weather', JSON.stringify({ id: 'call-1', name: 'weather', success: true, value: { city: 'Lyon, FR', units: 'metric', temperature: 18 } })])
  // The app's own CommonJS code can require it too (Node >= 22.12, as toolcat requires).
  writeFileSync(path.join(app, 'app.js'), "const { createRegistry } = require('./out/registry.js')\ncreateRegistry({ handlers: { lookup_order: (args) => args.orderId } }).call('lookup_order', { orderId: 'ORD-123456' }).then((result) => console.log(JSON.stringify(result)))\n")
  expect(node('app.js').stdout).toBe('{"id":"call-1","name":"lookup_order","success":true,"value":"ORD-123456"}\n')

  // Without the marker, what the issue saw: Node reads the registry as CommonJS.
  rmSync(path.join(app, 'out/package.json'))
  expect(node('app.mjs').stderr).toMatch(/SyntaxError: Named export 'createRegistry' not found\. The requested module '\.\/out\/registry\.js' is a CommonJS module/)
  expect(toolcat(['build', 'tools', '--outDir', 'out']).status).toBe(0)
  expect(node('app.mjs').status).toBe(0)
}, 120_000)

test("README's code-mode example runs as written with only toolcat installed: the program's TypeScript is stripped by toolcat's own dependency", () => {
  expect(existsSync(path.join(app, 'node_modules/esbuild')) || existsSync(path.join(app, 'node_modules/esbuild-wasm'))).toBe(false)
  writeFileSync(path.join(app, 'code-mode.mjs'), readmeBlock('code-mode'))
  const run = node('code-mode.mjs')
  expect(run.stderr).toBe('')
  expect(run.stdout).toContain("value: { late: [ 7, 14 ] }")
  expect(run.stdout).toContain("errorName: 'ToolCallError'")
})

test("a package.json of the user's own in the output folder is respected, and an error when it says commonjs", () => {
  writeFile(app, 'mine/package.json', '{ "type": "commonjs" }\n')
  const run = toolcat(['build', 'tools', '--outDir', 'mine'])
  expect(run.status).toBe(1)
  expect(run.stderr).toContain('toolcat: cannot write')
  expect(run.stderr).toContain('mine/package.json says "type": "commonjs", but the files toolcat writes there are ES modules: set "type": "module" in it, or remove it and toolcat will write one')
  expect(readFileSync(path.join(app, 'mine/package.json'), 'utf8')).toBe('{ "type": "commonjs" }\n')
  expect(existsSync(path.join(app, 'mine/registry.js'))).toBe(false)
}, 60_000)

test("README's declaration-only form types and derives: its parameters come from the type argument, and the registry's call is typed by them", () => {
  expect(toolcat(['build', 'tools', '--outDir', 'out']).status).toBe(0)
  const catalog = JSON.parse(readFileSync(path.join(app, 'out/catalog.json'), 'utf8')) as { tools: { name: string; parameters: object; declarationOnly?: boolean }[] }
  expect(catalog.tools.find((tool) => tool.name === 'lookup_order')).toMatchObject({
    declarationOnly: true,
    parameters: {
      type: 'object',
      properties: { orderId: { type: 'string', pattern: '^ORD-[0-9]{6}$' }, includeItems: { type: 'boolean' } },
      required: ['orderId'],
      additionalProperties: false,
    },
  })
  expect(tsc(['tools/weather.ts', 'tools/lookup-order.ts']).stdout).toBe('')
  writeFile(app, 'typed/calls.ts', "import { createRegistry } from '../out/registry.js'\nconst registry = createRegistry()\nvoid registry.call('lookup_order', { orderId: 'ORD-000001', includeItems: true })\n")
  expect(tsc(['typed/calls.ts']).stdout).toBe('')
  writeFile(app, 'typed/wrong.ts', "import { createRegistry } from '../out/registry.js'\nvoid createRegistry().call('lookup_order', { orderId: 1 })\n")
  expect(tsc(['typed/wrong.ts']).stdout).toMatch(/typed\/wrong\.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/)
  writeFile(app, 'typed/mismatch.ts', "import { defineTool } from 'toolcat'\nexport const t = defineTool<{ orderId: string }>({ execute(args: { orderId: number }) { return args } })\n")
  expect(tsc(['typed/mismatch.ts']).stdout).toMatch(/typed\/mismatch\.ts\(2,\d+\): error TS2322/)
}, 60_000)

test('the installed CLI: --watch rebuilds and stops cleanly on Ctrl-C; a mistyped option and a missing folder say what is wrong', async () => {
  const cli = new CliProcess(['build', 'tools', '--outDir', 'out', '--watch'], app, { bin: path.join(app, 'node_modules/toolcat/dist/src/cli/bin.js') })
  try {
    await cli.waitFor((stderr) => stderr.includes('toolcat: watching tools'))
    writeFile(app, 'tools/shout.ts', "import { defineTool } from 'toolcat'\n\n/** Shout a word. */\nexport default defineTool({\n  execute({ word }: { word: string }) {\n    return word.toUpperCase()\n  },\n})\n")
    expect(await cli.summary(2)).toMatch(/^✔ 3 tools · 0 errors · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ → out$/)
    cli.signal('SIGINT')
    expect(await cli.ended).toEqual({ code: null, signal: 'SIGINT' })
  } finally {
    cli.stop()
  }
  expect(leftovers(app).filter((entry) => !entry.startsWith('node_modules'))).toEqual([])
  rmSync(path.join(app, 'tools/shout.ts'))

  const typo = toolcat(['build', 'tools', '--outdir', 'out'])
  expect(typo.status).toBe(2)
  expect(typo.stderr).toBe('toolcat: unknown option --outdir; did you mean --outDir?\nrun toolcat build --help for its options\n')
  const missing = toolcat(['build', 'tool', '--outDir', 'out'])
  expect(missing.status).toBe(1)
  expect(missing.stderr).toMatch(/^tool - error TC1009: the tools folder tool does not exist\n/)
}, 120_000)
