/** Builds a corpus's catalog + registry with the toolcat CLI for the suites that run its output. */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { measure } from '../lib/measure.mjs'
import { buildSupports, cliPath, missing, outDirOf } from '../lib/toolcat.mjs'

/**
 * Runs `toolcat build tools --outDir out/<name> [...extra]` in a corpus; returns `{ registry }` or
 * `{ skipped }` saying which piece is missing or what the CLI answered.
 */
export function buildRegistry(dir, name, extra = []) {
  const absent = missing(cliPath, 'toolcat CLI')
  if (absent) return { skipped: absent }
  const unsupported = ['--outDir', ...extra.filter((arg) => arg.startsWith('--'))].find((flag) => !buildSupports(flag))
  if (unsupported) return { skipped: `toolcat build has no ${unsupported} option yet` }
  const out = join(outDirOf(dir), name)
  rmSync(out, { recursive: true, force: true })
  const run = measure('node', [cliPath, 'build', 'tools', '--outDir', out, ...extra], { cwd: dir })
  if (!run.ok) return { skipped: `toolcat build ${['--outDir', ...extra].join(' ')} failed: ${run.error}` }
  const registry = join(out, 'registry.js')
  return existsSync(registry) ? { registry } : { skipped: `toolcat build --outDir wrote no registry.js in ${out}` }
}

/** Returns the valid arguments the corpus generator wrote for a tool, as JSON text. */
export function sampleArgs(dir, tool) {
  return JSON.stringify(JSON.parse(readFileSync(join(dir, 'samples.json'), 'utf8'))[tool])
}
