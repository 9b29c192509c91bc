/**
 * Rebuild suite (issue 26): `toolcat build tools --outDir` through its build cache, per size and
 * repetition in this order: cold (no output, empty cache), warm with nothing changed, warm after
 * one tool module's parameter type was edited (reverted afterwards). Each ratio pairs a
 * repetition's warm build with its own cold one. The CLI's default checker (auto) is used.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pairedCpuRatio, summarizeRun } from '../lib/alternate.mjs'
import { corpus } from '../lib/corpora.mjs'
import { measure } from '../lib/measure.mjs'
import { buildSupports, cliPath, missing, outDirOf } from '../lib/toolcat.mjs'

const kinds = ['cold', 'no-change', 'one-edit']

/** The tool module the one-edit rebuild changes: one in the middle of the corpus. */
function editedTool(dir, n) {
  return join(dir, 'tools', `tool_${String(Math.ceil(n / 2)).padStart(4, '0')}.ts`)
}

function measureSize(n, reps, log) {
  const dir = corpus(n, log)
  const out = join(outDirOf(dir), 'rebuild')
  const cache = join(outDirOf(dir), 'rebuild-cache')
  const aside = join(outDirOf(dir), '.rebuild-set-aside')
  const args = [cliPath, 'build', 'tools', '--outDir', out, '--cache-dir', cache]
  const runs = Object.fromEntries(kinds.map((id) => [id, { id, samples: [] }]))
  const tool = editedTool(dir, n)
  const original = readFileSync(tool, 'utf8')
  log(`rebuild @ ${n} tools (${reps} reps)`)
  try {
    for (let rep = 1; rep <= reps; rep++) {
      // Set aside rather than deleted, like the build suite, so the cold build pays for no deletions.
      mkdirSync(aside, { recursive: true })
      if (existsSync(out)) renameSync(out, join(aside, `out-${rep}`))
      if (existsSync(cache)) renameSync(cache, join(aside, `cache-${rep}`))
      for (const id of kinds) {
        if (id === 'one-edit') writeFileSync(tool, original.replace(/(export interface \w+ \{\n)/, '$1  rebuildEdit?: boolean\n'))
        const sample = measure('node', args, { cwd: dir })
        if (!sample.ok) return { skipped: `${id} build failed: ${sample.error}` }
        runs[id].samples.push(sample)
        log(`  ${id} #${rep}: cpu ${sample.cpu.toFixed(2)}s wall ${sample.wall.toFixed(2)}s`)
      }
      writeFileSync(tool, original)
    }
  } finally {
    writeFileSync(tool, original)
    rmSync(aside, { recursive: true, force: true })
  }
  return {
    contestants: Object.fromEntries(kinds.map((id) => [id, summarizeRun(runs[id])])),
    ratios: { 'no-change/cold': pairedCpuRatio(runs['no-change'], runs.cold), 'one-edit/cold': pairedCpuRatio(runs['one-edit'], runs.cold) },
    edited: `tools/${tool.split('/').pop()}`,
  }
}

/** Runs the rebuild suite at every size; returns `{ sizes: { [n]: … } }` or `{ skipped }`. */
export function rebuildSuite({ sizes, reps, log }) {
  const absent = missing(cliPath, 'toolcat CLI')
  if (absent) return { skipped: absent }
  if (!buildSupports('--cache-dir')) return { skipped: 'toolcat build has no --cache-dir option yet' }
  return { sizes: Object.fromEntries(sizes.map((n) => [n, measureSize(n, reps, log)])) }
}
