import type { PluginBuild } from 'esbuild'
import type { CatalogSession } from './catalog-session.js'

/**
 * esbuild tells plugins nothing about what changed between watch rebuilds, so each rebuild
 * queues the files the catalog was derived from that changed since the checker read them (not
 * since the previous build ended: a file saved during a build would read as seen), and rescans the
 * tools folder or globs for tool files added or deleted.
 */
export function watchEsbuildTools(build: PluginBuild, current: () => CatalogSession): void {
  let built = false
  build.onStart(() => {
    if (!built) return
    const session = current()
    session.queueChangedSinceRead()
    session.rescan()
  })
  build.onEnd(() => {
    built = true
  })
}
