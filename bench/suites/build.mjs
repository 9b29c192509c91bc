/**
 * Build suite: toolcat build, full and catalog only, against tsc --noEmit, the schema generators
 * and the ts-morph floor, on the same corpus, interleaved. Also yields the 3,000 ÷ 1,000 scaling.
 */
import { corpusDir } from '../corpus/generate.mjs'
import { corpus } from '../lib/corpora.mjs'
import { pairedCpuRatio, runAlternating, summarizeRun } from '../lib/alternate.mjs'
import { round } from '../lib/stats.mjs'
import { cliPath, missing } from '../lib/toolcat.mjs'
import { buildContestants, clearSetAside, toolcatBuilds } from './build-contestants.mjs'

// Each pair reads "a ÷ b" in CPU seconds, paired per repetition. The schema generators emit only
// schemas, so each is compared with both toolcat builds: the catalog alone is the like-for-like one.
// The native builds are compared with the native tsc (what a TypeScript 7 user's type check costs)
// and with TypeScript 6's, and each full build with the catalog-only build of its checker.
const toolcatIds = Object.keys(toolcatBuilds)
const nativeIds = toolcatIds.filter((id) => id.startsWith('toolcat-native-'))
const pairs = [
  ...[...toolcatIds, 'tsmorph-floor', 'tsjsg-cli', 'tjs', 'tsc7'].map((id) => [id, 'tsc']),
  ...nativeIds.map((id) => [id, 'tsc7']),
  ['toolcat-full', 'toolcat-catalog'],
  ['toolcat-native-full', 'toolcat-native-catalog'],
  ['toolcat-catalog', 'toolcat-native-catalog'],
  ...toolcatIds.flatMap((id) => ['tsjsg-cli', 'tsjsg-per-type', 'tjs'].map((peer) => [peer, id])),
]

function ratiosOf(byId) {
  const ratios = {}
  for (const [a, b] of pairs) {
    if (byId[a]?.samples.length && byId[b]?.samples.length) ratios[`${a}/${b}`] = pairedCpuRatio(byId[a], byId[b])
  }
  const floor = summarizeRun(byId['tsmorph-floor'] ?? { samples: [] })
  for (const id of toolcatIds) {
    const toolcat = summarizeRun(byId[id] ?? { samples: [] })
    if (toolcat && floor) ratios[`${id}-rss/tsmorph-floor-rss`] = round(toolcat.rssMB.median / floor.rssMB.median)
  }
  return ratios
}

function summaryOf(run, contestant) {
  if (run.error) return { error: run.error }
  return contestant.note ? { ...summarizeRun(run), note: contestant.note } : summarizeRun(run)
}

function measureSize(n, settings) {
  const dir = corpus(n, settings.log)
  settings.log(`build @ ${n} tools (${settings.reps} reps)`)
  const contestants = buildContestants(dir, n, settings)
  if (contestants.length === 0) return { skipped: `no contestant left by --contestants ${settings.only?.join(',')}` }
  const runs = runAlternating(contestants, settings.reps, settings.log)
  const byId = Object.fromEntries(runs.map((run) => [run.id, run]))
  const results = Object.fromEntries(runs.map((run, i) => [run.id, summaryOf(run, contestants[i])]))
  const absent = missing(cliPath, 'toolcat CLI')
  return { contestants: results, ratios: ratiosOf(byId), ...(absent ? { skipped: absent } : { toolcatBuilds }) }
}

/** Median CPU at 3,000 ÷ at 1,000, per contestant measured at both sizes. */
function scaling(sizes) {
  const [small, large] = [sizes[1000]?.contestants, sizes[3000]?.contestants]
  if (!small || !large) return undefined
  const ids = Object.keys(small).filter((id) => small[id]?.cpu && large[id]?.cpu)
  return Object.fromEntries(ids.map((id) => [id, round(large[id].cpu.median / small[id].cpu.median)]))
}

/**
 * Runs the build suite at every size; `repsPerType` caps tsjsg-per-type above 1,000 tools, and
 * `contestants` (ids) runs those alone.
 * Returns `{ sizes: { [n]: … }, scaling? }`.
 */
export function buildSuite({ sizes, reps, repsPerType, contestants, log }) {
  const results = {}
  for (const n of sizes) results[n] = measureSize(n, { reps, repsPerType, only: contestants, log })
  // Only now, after every size: deleting one size's outputs would slow the next size's builds.
  for (const n of sizes) clearSetAside(corpusDir(n))
  const ratio = scaling(results)
  return ratio ? { sizes: results, scaling: ratio } : { sizes: results }
}
