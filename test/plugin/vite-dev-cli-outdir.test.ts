import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, expect, test } from 'vitest'
import { repoRoot } from '../interop/deps-project.js'
import { eventually } from './helpers/eventually.js'
import { runtimeEntry } from './helpers/paths.js'

// An app that imports an output folder the CLI builds (its own `toolcat build --watch`, or a
// script) while vite dev serves it. A build switches `.toolcat-current` to a new folder and removes
// the previous one; vite resolved the public modules' imports through that link to the previous
// folder, and sees a change only in files that change.
const app = mkdtempSync(path.join(tmpdir(), 'toolcat-vite-outdir-'))
afterAll(() => rmSync(app, { recursive: true, force: true }))
mkdirSync(path.join(app, 'tools'))
mkdirSync(path.join(app, 'node_modules'))
symlinkSync(repoRoot, path.join(app, 'node_modules/toolcat'), 'dir')
writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'outdir-app', type: 'module' }))
const tool = (name: string, doc: string) => `import { defineTool } from 'toolcat'\n/** ${doc} */\nexport default defineTool({ execute(args: { to: string }) { return '${name} ' + args.to } })\n`
writeFileSync(path.join(app, 'tools/greet.ts'), tool('greet', 'Say hello.'))

function build(): void {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), 'build', 'tools', '--outDir', 'out', '--no-cache'], { cwd: app, encoding: 'utf8', timeout: 60_000 })
  if (run.status !== 0) throw new Error(run.stderr)
}

let server: ViteDevServer | undefined
afterAll(async () => {
  await server?.close()
})

test("vite dev serving a CLI-built out/ follows a rebuild: the public modules change with each build, so vite resolves .toolcat-current again (the previous build's folder is gone)", async () => {
  build()
  const first = readFileSync(path.join(app, 'out/registry.js'), 'utf8')
  server = await createServer({ root: app, configFile: false, logLevel: 'silent', server: { host: '127.0.0.1', port: 0 }, resolve: { alias: { toolcat: runtimeEntry } } })
  await server.listen()
  const dev = server
  const names = async (): Promise<string[] | string> => ((await dev.ssrLoadModule('/out/catalog.js')).default as { name: string }[]).map((each) => each.name)
  expect(await names()).toEqual(['greet'])

  writeFileSync(path.join(app, 'tools/wave.ts'), tool('wave', 'Wave.'))
  build()
  // The server (SSR) and the browser's copy (the served module's imports) both lead to the new build.
  expect(await eventually(() => names().catch((error: unknown) => String(error)), (value) => Array.isArray(value) && value.length === 2)).toEqual(['greet', 'wave'])
  const current = path.basename(realpathSync(path.join(app, 'out/.toolcat-current')))
  const served = await eventually(async () => (await dev.transformRequest('/out/catalog.js'))?.code ?? '', (code) => code.includes(current))
  expect(served).toContain(`/out/${current}/catalog.js`)
  expect(readFileSync(path.join(app, 'out/registry.js'), 'utf8')).not.toBe(first)
}, 60_000)
