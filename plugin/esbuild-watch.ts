import type { PluginBuild } from 'esbuild'
import type { CatalogSession } from './catalog-session.js'

/**
 * esbuild tells plugins nothing about what changed between watch rebuilds, so each rebuild rescans
 * the tools folder or globs for tool files added or deleted. Files edited since the checker read
 * them are queued by the plugin's derivation itself, just before it hands esbuild the files to watch
 * (see `derive` in index.ts), which every rebuild goes through.
 */
export function watchEsbuildTools(build: PluginBuild, current: () => CatalogSession): void {
  let built = false
  build.onStart(() => {
    if (!built) return
    current().rescan()
  })
  build.onEnd(() => {
    built = true
  })
}
