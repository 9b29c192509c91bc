import { join } from 'node:path'
import { rspack, type RspackOptions } from '@rspack/core'
import { build as esbuild, transform, type BuildOptions } from 'esbuild'
import { rollup, type RollupOptions } from 'rollup'
import { build as vite } from 'vite'
import webpack, { type Configuration, type Stats } from 'webpack'
import toolcatEsbuild from 'toolcat/esbuild'
import toolcatRollup from 'toolcat/rollup'
import toolcatRspack from 'toolcat/rspack'
import toolcatVite from 'toolcat/vite'
import toolcatWebpack from 'toolcat/webpack'
import type { ToolcatPluginOptions } from '../../../plugin/options.js'
import { runtimeEntry } from './paths.js'

/** Builds `<root>/main.ts` into `outDir` as ESM runnable in Node; rejects with the bundler's own error text. */
export type BuildApp = (root: string, outDir: string) => Promise<void>

/** The bundlers under test, each configured for Node output with code splitting on. */
export const bundlers: Record<'esbuild' | 'vite' | 'rollup' | 'webpack' | 'rspack', BuildApp> = {
  async esbuild(root, outDir) {
    await esbuild(esbuildOptions(root, outDir))
  },
  async vite(root, outDir) {
    await vite({
      root,
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: { toolcat: runtimeEntry } },
      plugins: [toolcatVite()],
      // An SSR build, without `ssrEmitAssets`: vite drops the assets, and the plugin writes catalog.json itself.
      build: { ssr: 'main.ts', outDir, emptyOutDir: true, rollupOptions: { output: { format: 'esm', entryFileNames: 'main.js' } } },
    })
  },
  async rollup(root, outDir) {
    const bundle = await rollup(rollupOptions(root))
    await bundle.write({ dir: outDir, format: 'esm' })
    await bundle.close()
  },
  async webpack(root, outDir) {
    await compile(webpack(webpackConfig(root, outDir)))
  },
  async rspack(root, outDir) {
    await compile(rspack(rspackConfig(root, outDir)))
  },
}

/** webpack, with esbuild stripping the types. */
export function webpackConfig(root: string, outDir: string, plugin: ToolcatPluginOptions = {}): Configuration {
  const loader = { test: /\.ts$/, loader: join(import.meta.dirname, 'strip-types-loader.mjs') }
  return webpackLike(root, outDir, loader, [toolcatWebpack(plugin)])
}

/** rspack, with its built-in swc loader stripping the types. */
export function rspackConfig(root: string, outDir: string, plugin: ToolcatPluginOptions = {}): RspackOptions {
  const loader = { test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } } }
  return webpackLike(root, outDir, loader, [toolcatRspack(plugin)]) as RspackOptions
}

/** The configuration webpack and rspack share: ESM output for Node, each dynamic import its own chunk. */
function webpackLike(root: string, outDir: string, loader: object, plugins: unknown[]): Configuration {
  return {
    mode: 'production',
    context: root,
    entry: './main.ts',
    target: 'node20',
    devtool: false,
    optimization: { minimize: false },
    experiments: { outputModule: true },
    output: { path: outDir, filename: 'main.js', module: true, library: { type: 'module' }, chunkFormat: 'module', clean: true },
    resolve: { extensions: ['.ts', '.js'], alias: { toolcat: runtimeEntry } },
    externals: [/^ajv/],
    externalsType: 'module',
    module: { rules: [loader] },
    plugins: plugins as Configuration['plugins'],
  }
}

interface Compiler {
  run(callback: (error: Error | null, stats?: Stats | { hasErrors(): boolean; toString(options: object): string }) => void): void
  close(callback: (error?: Error | null) => void): void
}

/** Runs a webpack or rspack compiler once; rejects with its errors' text. */
export function compile(compiler: Compiler): Promise<void> {
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error)
        else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })))
        else resolve()
      })
    })
  })
}

/** esbuild: bundled ESM for Node, split at every dynamic import. */
export function esbuildOptions(root: string, outDir: string, plugin: ToolcatPluginOptions = {}): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: ['main.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    outdir: outDir,
    alias: { toolcat: runtimeEntry },
    external: ['ajv', 'ajv-formats'],
    logLevel: 'silent',
    plugins: [toolcatEsbuild(plugin)],
  }
}

/** rollup: it resolves no packages and reads no TypeScript by itself, so two small plugins do. */
export function rollupOptions(root: string, plugin: ToolcatPluginOptions = {}): RollupOptions {
  return {
    input: join(root, 'main.ts'),
    external: [/^ajv/],
    plugins: [
      toolcatRollup({ root, ...plugin }),
      { name: 'toolcat-runtime', resolveId: (id) => (id === 'toolcat' ? runtimeEntry : null) },
      { name: 'strip-types', transform: async (code, id) => (id.endsWith('.ts') ? { code: (await transform(code, { loader: 'ts' })).code } : null) },
    ],
  }
}
