/**
 * Incremental suite: one-file re-derivation through `createCatalogBuilder(...).update()` on a reused
 * project, on the ts-morph checker and on the native one (whose snapshot is updated with the changed file).
 */
import { join } from 'node:path'
import { corpus } from '../lib/corpora.mjs'
import { measure } from '../lib/measure.mjs'
import { round, summarize } from '../lib/stats.mjs'
import { analyzerPath, missing, repoRoot } from '../lib/toolcat.mjs'

const EDITS = 20
const TARGET_SIZE = 1000
const probe = join(repoRoot, 'bench/probes/incremental-update.mjs')

/** Runs at 1,000 tools when that size was asked for, else at the smallest size asked for. */
export function incrementalSuite({ sizes, log }) {
  const n = sizes.includes(TARGET_SIZE) ? TARGET_SIZE : Math.min(...sizes)
  const absent = missing(analyzerPath, 'analyzer (createCatalogBuilder)')
  if (absent) return { size: n, skipped: absent }
  const dir = corpus(n, log)
  log(`incremental @ ${n} tools, ${EDITS} edits`)
  const byChecker = {}
  for (const checker of ['ts-morph', 'native']) {
    const run = measure('node', [probe, analyzerPath, dir, String(n), String(EDITS), checker])
    if (!run.ok) return { size: n, skipped: `incremental probe (${checker}) failed: ${run.error}` }
    const { median, min, max } = summarize(run.probe.timesMs)
    log(`  update (${checker}): median ${median.toFixed(1)} ms (${min.toFixed(1)}–${max.toFixed(1)})`)
    byChecker[checker] = { updateMs: { median: round(median), min: round(min), max: round(max) }, processRssMB: round(run.rssMB) }
  }
  return { size: n, edits: EDITS, ...byChecker['ts-morph'], native: byChecker.native }
}
