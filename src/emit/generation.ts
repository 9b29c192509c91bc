import { createHash } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

/** The folder under `tools/` holding one build's compiled modules: `build-<hash>`, named by their content. */
export const generationPrefix = 'build-'

/** The content hash of one compiled file, as `generationName` and a build cache compare it. */
export function fileContentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 32)
}

/**
 * The name of the generation folder for compiled files (`hashes`: each one's `fileContentHash`, by
 * path relative to the folder): a hash of every path and content hash, so the same sources give
 * the same name and any change a new one, without reading the files again. A build's modules go
 * to a folder of their own that nothing else names until `registry.js` does, which is what lets
 * the commit never replace a module the previous registry imports (see `writeOutDir`).
 */
export function generationName(hashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256')
  for (const file of [...hashes.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${file}\0${hashes.get(file)}\0`)
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
