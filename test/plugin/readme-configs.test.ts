import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { rspack } from '@rspack/core'
import { build as esbuild } from 'esbuild'
import { rollup } from 'rollup'
import { build as vite } from 'vite'
import webpack from 'webpack'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fixture, outputFolder, repoRoot } from './helpers/paths.js'
import { readmeBlock } from './helpers/readme-block.js'

// README's one-line plugin config, verbatim, in each of the five bundlers ("likewise toolcat/esbuild,
// toolcat/rollup, toolcat/webpack, toolcat/rspack"): no loader and no TypeScript plugin beside it,
// though the tool modules are TypeScript. Only where the bundle goes is added (entry and output).
// The app's entry is JavaScript; toolcat is installed in the app (a link to this checkout).
let app = ''
beforeAll(() => {
  mkdirSync(outputFolder(''), { recursive: true })
  app = mkdtempSync(join(outputFolder(''), 'readme-configs-'))
  cpSync(join(fixture('plugin-app'), 'tools'), join(app, 'tools'), { recursive: true })
  cpSync(join(fixture('plugin-app'), 'package.json'), join(app, 'package.json'))
  mkdirSync(join(app, 'node_modules'))
  symlinkSync(repoRoot, join(app, 'node_modules/toolcat'), 'dir')
  writeFileSync(
    join(app, 'main.js'),
    "import definitions from '~toolcat/catalog'\nimport { createRegistry } from '~toolcat/registry'\nconst result = await createRegistry().call('add', { left: 2, right: 3 })\nconsole.log(JSON.stringify({ names: definitions.map((definition) => definition.name), result }))\n",
  )
})
afterAll(() => rmSync(app, { recursive: true, force: true }))

/** README's vite config block as written, for `bundler` (its import of toolcat/vite made toolcat/<bundler>), loaded from the app. */
async function readmeConfig(bundler: string): Promise<Record<string, unknown>> {
  const file = join(app, `${bundler}.config.mjs`)
  writeFileSync(file, readmeBlock('vite-config').replace("from 'toolcat/vite'", `from 'toolcat/${bundler}'`))
  return ((await import(pathToFileURL(file).href)) as { default: Record<string, unknown> }).default
}

/** Where each bundler writes; webpack and rspack as ES modules for Node. */
const webpackOutput = (out: string) => ({
  mode: 'production',
  context: app,
  entry: './main.js',
  target: 'node20',
  devtool: false,
  experiments: { outputModule: true },
  output: { path: out, filename: 'main.js', module: true, library: { type: 'module' }, chunkFormat: 'module' },
})

function compile(compiler: { run(callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(options: object): string }) => void): void; close(callback: () => void): void }): Promise<void> {
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) =>
      compiler.close(() => (error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString({ all: false, errors: true }))) : resolve())),
    ),
  )
}

const builds: Record<string, (out: string) => Promise<void>> = {
  async vite(out) {
    await vite({ ...(await readmeConfig('vite')), root: app, logLevel: 'silent', build: { ssr: 'main.js', outDir: out } })
  },
  async esbuild(out) {
    await esbuild({ ...(await readmeConfig('esbuild')), absWorkingDir: app, entryPoints: ['main.js'], bundle: true, splitting: true, format: 'esm', platform: 'node', outdir: out, logLevel: 'silent' })
  },
  async rollup(out) {
    // rollup has no root option: the plugin's root is the folder rollup runs in, the app's.
    const previous = process.cwd()
    process.chdir(app)
    try {
      const bundle = await rollup({ ...(await readmeConfig('rollup')), input: 'main.js', onwarn: () => undefined })
      await bundle.write({ dir: out, format: 'es' })
      await bundle.close()
    } finally {
      process.chdir(previous)
    }
  },
  async webpack(out) {
    await compile(webpack({ ...(await readmeConfig('webpack')), ...webpackOutput(out) } as webpack.Configuration) as never)
  },
  async rspack(out) {
    await compile(rspack({ ...(await readmeConfig('rspack')), ...webpackOutput(out) } as never) as never)
  },
}

test.each(Object.keys(builds))("README's config, verbatim, builds with %s: the output lists the tools and calls add", async (bundler) => {
  const out = join(app, `dist-${bundler}`)
  await builds[bundler]?.(out)
  const run = spawnSync(process.execPath, [join(out, 'main.js')], { cwd: app, encoding: 'utf8' })
  expect(run.stderr).toBe('')
  expect(JSON.parse(run.stdout)).toEqual({ names: ['add', 'greet'], result: { id: 'call-1', name: 'add', success: true, value: { sum: 5, computedBy: 'add-handler' } } })
}, 120_000)
