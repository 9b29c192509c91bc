import { rspack } from '@rspack/core'
import { context } from 'esbuild'
import { watch } from 'rollup'
import webpack from 'webpack'
import type { ToolcatPluginOptions } from '../../../plugin/options.js'
import { esbuildOptions, rollupOptions, rspackConfig, webpackConfig } from './bundlers.js'

/** A bundler in watch mode over `<root>/main.ts`, rebuilding into `outDir` until closed. */
export type StartWatch = (root: string, outDir: string, plugin?: ToolcatPluginOptions) => Promise<{ close(): Promise<void> }>

/** Watch mode of every bundler that has one of its own (vite's is its dev server). */
export const watchers: Record<'esbuild' | 'rollup' | 'webpack' | 'rspack', StartWatch> = {
  async esbuild(root, outDir, plugin) {
    const build = await context(esbuildOptions(root, outDir, plugin))
    await build.watch()
    return { close: () => build.dispose() }
  },
  async rollup(root, outDir, plugin) {
    const watcher = watch({ ...rollupOptions(root, plugin), output: { dir: outDir, format: 'esm' }, watch: { skipWrite: false } })
    watcher.on('event', (event) => {
      if ('result' in event && event.result) void event.result.close()
    })
    return { close: () => watcher.close() }
  },
  async webpack(root, outDir, plugin) {
    return closing(webpack(webpackConfig(root, outDir, plugin)).watch({ aggregateTimeout: 50 }, () => {}))
  },
  async rspack(root, outDir, plugin) {
    return closing(rspack(rspackConfig(root, outDir, plugin)).watch({ aggregateTimeout: 50 }, () => {}))
  },
}

function closing(watching: { close(callback: () => void): void } | undefined): { close(): Promise<void> } {
  return { close: () => new Promise<void>((resolve) => (watching === undefined ? resolve() : watching.close(() => resolve()))) }
}
