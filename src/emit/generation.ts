import { createHash } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

/** The folder under `tools/` holding one build's compiled modules: `build-<hash>`, named by their content. */
export const generationPrefix = 'build-'

/**
 * The name of the generation folder for compiled files (`paths` relative to it, `read` giving each
 * one's contents, read one at a time so a large output never sits in memory whole): a hash of
 * every path and byte, so the same sources give the same name and any change a new one. A build's
 * modules go to a folder of their own that nothing else names until `registry.js` does, which is
 * what lets the commit never replace a module the previous registry imports (see `writeOutDir`).
 */
export function generationName(paths: readonly string[], read: (path: string) => string | Buffer): string {
  const hash = createHash('sha256')
  for (const file of [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const contents = read(file)
    hash.update(`${file}\0${contents.length}\0`).update(contents)
  }
  return `${generationPrefix}${hash.digest('hex').slice(0, 16)}`
}

/**
 * Removes the generation folders under `outDir/tools/` that the committed manifest (`previous`)
 * does not list: a killed build's, renamed in but never committed, or left half removed. A
 * generation the manifest lists is the one the current `registry.js` imports, and stays.
 */
export function sweepGenerations(outDir: string, previous: ReadonlySet<string>): void {
  const tools = path.join(outDir, 'tools')
  let names: string[]
  try {
    names = readdirSync(tools)
  } catch {
    return
  }
  const listed = new Set([...previous].map((file) => file.split('/').slice(0, 2).join('/')))
  for (const name of names) {
    if (name.startsWith(generationPrefix) && !listed.has(`tools/${name}`)) rmSync(path.join(tools, name), { recursive: true, force: true, maxRetries: 3 })
  }
}
