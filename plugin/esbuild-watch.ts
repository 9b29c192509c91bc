import { statSync } from 'node:fs'
import type { PluginBuild } from 'esbuild'
import type { CatalogSession } from './catalog-session.js'

/**
 * esbuild tells plugins nothing about what changed between watch rebuilds, so each rebuild
 * compares the modification times of the files the catalog was derived from with the previous
 * build's, and rescans the tools folder or globs for tool files added or deleted.
 */
export function watchEsbuildTools(build: PluginBuild, current: () => CatalogSession): void {
  let seen: Map<string, number> | undefined
  build.onStart(() => {
    if (seen === undefined) return
    const session = current()
    for (const [file, time] of modificationTimes(session)) if (seen.get(file) !== time) session.queue(file, 'change')
    session.rescan()
  })
  // Taken once the build has derived the catalog, when the session knows its tool files.
  build.onEnd(() => {
    seen = modificationTimes(current())
  })
}

function modificationTimes(session: CatalogSession): Map<string, number> {
  const times = new Map<string, number>()
  for (const file of session.sourceFiles()) {
    const stat = statSync(file, { throwIfNoEntry: false })
    if (stat !== undefined) times.set(file, stat.mtimeMs)
  }
  return times
}
