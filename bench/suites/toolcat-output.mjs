/** Builds a corpus's catalog + registry with the toolcat CLI for the suites that run its output. */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { measure } from '../lib/measure.mjs'
import { buildApiPath, buildSupports, cliPath, missing, outDirOf } from '../lib/toolcat.mjs'

/**
 * Runs `toolcat build tools --outDir out/<name>` in a corpus; returns `{ registry }` or `{ skipped }`
 * saying which piece is missing or what the CLI answered.
 */
export function buildRegistry(dir, name) {
  const absent = missing(cliPath, 'toolcat CLI')
  if (absent) return { skipped: absent }
  if (!buildSupports('--outDir')) return { skipped: 'toolcat build has no --outDir option yet' }
  const out = join(outDirOf(dir), name)
  rmSync(out, { recursive: true, force: true })
  const run = measure('node', [cliPath, 'build', 'tools', '--outDir', out], { cwd: dir })
  if (!run.ok) return { skipped: `toolcat build --outDir failed: ${run.error}` }
  const registry = join(out, 'registry.js')
  return existsSync(registry) ? { registry } : { skipped: `toolcat build --outDir wrote no registry.js in ${out}` }
}

/**
 * Writes one registry per validator mode through the `toolcat/build` API (`buildCatalog` then
 * `writeOutDir`; the CLI needs no flag for it); returns `{ [mode]: registryPath }` or `{ skipped }`.
 */
export async function writeRegistries(dir, modes) {
  const absent = missing(buildApiPath, 'toolcat/build')
  if (absent) return { skipped: absent }
  const { buildCatalog, writeOutDir } = await import(pathToFileURL(buildApiPath).href)
  if (!writeOutDir) return { skipped: 'toolcat/build has no writeOutDir yet' }
  const { catalog, diagnostics } = buildCatalog({ root: dir })
  const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error')
  if (error) return { skipped: `buildCatalog reported ${error.code}: ${error.message}` }
  const registries = {}
  for (const validators of modes) {
    const out = join(outDirOf(dir), `validators-${validators}`)
    await writeOutDir(catalog, { root: dir, outDir: out, validators })
    registries[validators] = join(out, 'registry.js')
  }
  return { registries }
}

/** Returns the valid arguments the corpus generator wrote for a tool, as JSON text. */
export function sampleArgs(dir, tool) {
  return JSON.stringify(JSON.parse(readFileSync(join(dir, 'samples.json'), 'utf8'))[tool])
}
