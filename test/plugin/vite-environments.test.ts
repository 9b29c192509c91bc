import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createBuilder } from 'vite'
import toolcatVite from 'toolcat/vite'
import { beforeAll, expect, test } from 'vitest'
import { fixture, outputFolder, repoRoot, runtimeEntry } from './helpers/paths.js'
import { runApp } from './helpers/run-app.js'

// One vite app built for three environments at once (vite's builder): the browser, SSR and an
// edge-like server environment of its own. vite keeps emitted assets only in the client build;
// every environment's output must still hold catalog.json, with the bytes `toolcat build` writes.

const app = fixture('plugin-app')
const out = outputFolder('environments')
const environments = ['client', 'ssr', 'edge'] as const
const server = { consumer: 'server', build: { rollupOptions: { input: 'main.ts', output: { entryFileNames: 'main.js' } } } } as const

let cli = ''
beforeAll(async () => {
  rmSync(out, { recursive: true, force: true })
  const builder = await createBuilder({
    root: app,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { toolcat: runtimeEntry } },
    plugins: [toolcatVite({ dts: false })],
    environments: {
      client: { build: { outDir: join(out, 'client'), rollupOptions: { input: 'main.ts' } } },
      ssr: { ...server, build: { ...server.build, outDir: join(out, 'ssr') } },
      edge: { ...server, build: { ...server.build, outDir: join(out, 'edge') } },
    },
    builder: {},
  })
  await builder.buildApp()
  execFileSync(process.execPath, [join(repoRoot, 'dist/src/cli/bin.js'), 'build', join(app, 'tools'), '--out', join(out, 'cli/catalog.json')], { stdio: 'pipe' })
  cli = readFileSync(join(out, 'cli/catalog.json'), 'utf8')
}, 120_000)

test.each(environments)('the %s build writes catalog.json with the bytes of `toolcat build --out`', (environment) => {
  expect(cli).toContain('"name": "add"')
  expect(readFileSync(join(out, environment, 'catalog.json'), 'utf8')).toBe(cli)
})

test('the server builds run under node: a call reaches its handler', async () => {
  for (const environment of ['ssr', 'edge']) {
    expect(await runApp(join(out, environment, 'main.js'))).toMatchObject({ names: ['add', 'greet'], result: { success: true, value: { sum: 5 } } })
  }
})
