/** Where the measured toolcat pieces live once `npm run build` has run, and whether they exist yet. */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The built toolcat command. */
export const cliPath = join(repoRoot, 'dist/src/cli/bin.js')

/** The built `toolcat/build` entry (buildCatalog, writeOutDir). */
export const buildApiPath = join(repoRoot, 'dist/src/build.js')

/** The built analyzer module exporting `createCatalogBuilder`. */
export const analyzerPath = join(repoRoot, 'dist/src/build.js')

/** Returns a reason a suite must be skipped when `file` is missing, else undefined. */
export function missing(file, what) {
  return existsSync(file) ? undefined : `${what} not found at ${file.slice(repoRoot.length + 1)} (run npm run build once it exists)`
}

/** Returns the folder the bench asks `toolcat build --outDir` to write for a corpus. */
export function outDirOf(corpus) {
  return join(corpus, 'out')
}

let buildHelp

/** Returns whether `toolcat build --help` lists `flag`: the CLI grows options while the bench waits for them. */
export function buildSupports(flag) {
  buildHelp ??= spawnSync('node', [cliPath, 'build', '--help'], { encoding: 'utf8' }).stdout ?? ''
  return buildHelp.includes(flag)
}
