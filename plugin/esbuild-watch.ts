import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { PluginBuild } from 'esbuild'
import type { CatalogSession } from './catalog-session.js'

/**
 * esbuild tells plugins nothing about what changed between watch rebuilds, so each rebuild
 * compares the tool files' modification times with the previous build's and queues the
 * differences; a tools folder (not globs) is also listed, to find new tool files.
 */
export function watchEsbuildTools(build: PluginBuild, current: () => CatalogSession): void {
  let seen: Map<string, number> | undefined
  build.onStart(() => {
    if (seen === undefined) return
    const session = current()
    const now = snapshot(session)
    for (const [file, time] of now) if (seen.get(file) !== time) session.queue(file, seen.has(file) ? 'change' : 'add')
    for (const file of seen.keys()) if (!now.has(file)) session.queue(file, 'unlink')
  })
  // Taken once the build has derived the catalog, when the session knows its tool files.
  build.onEnd(() => {
    seen = snapshot(current())
  })
}

function snapshot(session: CatalogSession): Map<string, number> {
  const files = new Set(session.toolFiles())
  const folder = session.toolsFolder
  if (folder !== undefined && statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' })) files.add(join(folder, entry))
  }
  const times = new Map<string, number>()
  for (const file of files) {
    const stat = statSync(file, { throwIfNoEntry: false })
    if (stat?.isFile()) times.set(file, stat.mtimeMs)
  }
  return times
}
