import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build as vite } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, describe, expect, test } from 'vitest'
import type { CachedBuildResult } from '../../src/analyze/cache/cached-build.js'
import { CatalogSession } from '../../plugin/catalog-session.js'
import { resolveOptions, type ToolcatPluginOptions } from '../../plugin/options.js'
import { runCli } from '../cli/run-cli.js'
import { copyFixture, runtimeEntry } from './helpers/paths.js'

const copies: string[] = []
afterAll(() => copies.forEach((copy) => rmSync(copy, { recursive: true, force: true })))

/** A fresh copy of fixtures/plugin-app, with a type file both tools can share. */
function app(label: string): string {
  const root = copyFixture('plugin-app', label)
  copies.push(root)
  return root
}

/** `vite build` of the app (SSR, catalog.json written into `dist`) with the plugin's `options`; returns the catalog it wrote. */
async function viteBuild(root: string, options: ToolcatPluginOptions, warnings: string[] = []): Promise<string> {
  await vite({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { toolcat: runtimeEntry } },
    plugins: [toolcatVite({ ...options, dts: false })],
    build: {
      ssr: 'main.ts',
      outDir: 'dist',
      emptyOutDir: true,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'main.js' }, onwarn: (warning) => void warnings.push(warning.message) },
    },
  })
  return readFileSync(path.join(root, 'dist/catalog.json'), 'utf8')
}

/** The catalog a cold `toolcat build` writes for the app: what every cached derivation must equal, byte for byte. */
function coldCatalog(root: string): string {
  const run = runCli(['build', 'tools', '--out', 'cold/catalog.json', '--no-cache'], root)
  expect(run.status, run.stderr).toBe(0)
  return readFileSync(path.join(root, 'cold/catalog.json'), 'utf8')
}

/** A plugin session's derivation, as the cache reports it. */
function derivation(root: string, options: ToolcatPluginOptions = {}): { session: CatalogSession; result: CachedBuildResult } {
  const session = new CatalogSession(resolveOptions(options, root))
  return { session, result: session.derive() as CachedBuildResult }
}

const relative = (root: string, files: readonly string[]): string[] => files.map((file) => path.relative(root, file)).sort()

describe('the plugin and the build cache', () => {
  test("vite build's first derivation reads and writes the cache folder, and emits what a cold build writes after edits", async () => {
    const root = app('cache-vite')
    expect(await viteBuild(root, { cache: '.toolcat-cache' })).toBe(coldCatalog(root))
    expect(readdirSync(path.join(root, '.toolcat-cache')).some((name) => name.startsWith('analysis-'))).toBe(true)
    writeFileSync(path.join(root, 'tools/add.ts'), readFileSync(path.join(root, 'tools/add.ts'), 'utf8').replace('right: number', '/** @minimum 0 */ right: number'))
    const edited = await viteBuild(root, { cache: '.toolcat-cache' })
    expect(edited).toContain('"minimum": 0')
    expect(edited).toBe(coldCatalog(root))
    // The default folder is the one `toolcat build` uses.
    await viteBuild(root, {})
    expect(existsSync(path.join(root, 'node_modules/.cache/toolcat'))).toBe(true)
  }, 120_000)

  test('a start with nothing changed derives nothing; an edit derives that module alone; cache: false keeps none', async () => {
    const root = app('cache-session')
    const first = derivation(root)
    expect(relative(root, first.result.derived)).toEqual(['tools/add.ts', 'tools/greet.ts'])
    await first.session.close()
    const again = derivation(root)
    expect(again.result.derived).toEqual([])
    expect(again.result.catalog).toEqual(first.result.catalog)
    expect(relative(root, again.session.sourceFiles())).toEqual(['tools/add.ts', 'tools/greet.ts'])
    await again.session.close()
    writeFileSync(path.join(root, 'tools/greet.ts'), readFileSync(path.join(root, 'tools/greet.ts'), 'utf8').replace('*/', 'Edited. */'))
    const edited = derivation(root)
    expect(relative(root, edited.result.derived)).toEqual(['tools/greet.ts'])
    await edited.session.close()
    rmSync(path.join(root, 'node_modules/.cache'), { recursive: true, force: true })
    const uncached = derivation(root, { cache: false })
    expect(uncached.result.catalog).toEqual(edited.result.catalog)
    expect(existsSync(path.join(root, 'node_modules/.cache'))).toBe(false)
    await uncached.session.close()
  }, 120_000)

  test('after a start from the cache, a change goes to the live builder and the catalog follows it', async () => {
    const root = app('cache-watch')
    await derivation(root).session.close()
    const { session, result } = derivation(root)
    expect(result.derived).toEqual([])
    const add = path.join(root, 'tools/add.ts')
    writeFileSync(add, readFileSync(add, 'utf8').replace('right: number', 'right: number; scale?: number'))
    expect(session.queue(add, 'change')).toBe(true)
    const changed = session.derive()
    expect(JSON.stringify(changed.catalog)).toContain('"scale"')
    expect(JSON.stringify(changed.catalog)).toBe(JSON.stringify(JSON.parse(coldCatalog(root))))
    // Nothing queued: the same derivation, no checker asked again.
    expect(session.derive()).toBe(changed)
    await session.close()
  }, 120_000)

  test('after a start from the cache, a rescan that finds the same tool files starts no checker', async () => {
    const root = app('cache-rescan')
    await derivation(root).session.close()
    const { session, result } = derivation(root)
    expect(result.derived).toEqual([])
    // esbuild, webpack and rspack rebuilds rescan the tools folder, even when nothing changed in it.
    session.rescan()
    expect(session.queueChangedSinceRead()).toBe(0)
    expect(session.derive()).toBe(result)
    await session.close()
  }, 120_000)
})

test('a corrupt cache file is ignored with one warning, and the build is still right', async () => {
  const root = app('cache-corrupt')
  await viteBuild(root, {})
  const folder = path.join(root, 'node_modules/.cache/toolcat')
  const file = path.join(folder, readdirSync(folder).find((name) => name.startsWith('analysis-')) as string)
  writeFileSync(file, readFileSync(file, 'utf8').replace('greet', 'grate'))
  const warnings: string[] = []
  expect(await viteBuild(root, {}, warnings)).toBe(coldCatalog(root))
  const said = warnings.filter((line) => line.includes('build cache'))
  expect(said).toHaveLength(1)
  expect(said[0]).toContain(`toolcat: ignoring the build cache ${file}: its authentication does not match (corrupt, edited, or written with another key)`)
}, 120_000)
