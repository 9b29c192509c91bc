/**
 * Runtime suite: Node cold start to `definitions()` + one first call through the generated lazy
 * registry, against the same plus an eager import of every tool module, against bare `node -e`.
 */
import { join } from 'node:path'
import { pairedCpuRatio, runAlternating, summarizeRun } from '../lib/alternate.mjs'
import { corpus } from '../lib/corpora.mjs'
import { entryChunk, writeEagerModule } from '../lib/registry-output.mjs'
import { repoRoot } from '../lib/toolcat.mjs'
import { buildRegistry, sampleArgs } from './toolcat-output.mjs'
import { lazySize } from '../../scripts/lazy-size.mjs'

// Start-ups last tens of milliseconds: many more repetitions than a build for a stable median.
const REPS_PER_BUILD_REP = 10
const FIRST_TOOL = 'tool_0001'
const probe = join(repoRoot, 'bench/probes/first-call.mjs')
const bare = `const u = process.resourceUsage(); console.log('BENCH ' + JSON.stringify({ cpu: (u.userCPUTime + u.systemCPUTime) / 1e6 }))`

function measureSize(n, reps, log) {
  const dir = corpus(n, log)
  const built = buildRegistry(dir, 'runtime')
  if (built.skipped) return { skipped: built.skipped }
  const args = sampleArgs(dir, FIRST_TOOL)
  const eager = writeEagerModule(built.registry)
  const contestants = [
    { id: 'node-e', command: 'node', args: ['-e', bare] },
    { id: 'lazy', command: 'node', args: [probe, built.registry, FIRST_TOOL, args] },
    ...(eager ? [{ id: 'eager', command: 'node', args: [probe, built.registry, FIRST_TOOL, args, eager] }] : []),
  ]
  log(`runtime @ ${n} tools (${reps * REPS_PER_BUILD_REP} reps)`)
  const runs = Object.fromEntries(runAlternating(contestants, reps * REPS_PER_BUILD_REP, log).map((run) => [run.id, run]))
  const ratios = {}
  if (runs.lazy?.samples.length) ratios['lazy/node-e'] = pairedCpuRatio(runs.lazy, runs['node-e'])
  if (runs.eager?.samples.length && runs.lazy?.samples.length) ratios['eager/lazy'] = pairedCpuRatio(runs.eager, runs.lazy)
  return {
    contestants: Object.fromEntries(Object.values(runs).map((run) => [run.id, run.error ? { error: run.error } : summarizeRun(run)])),
    ratios,
    entryChunk: entryChunk(built.registry),
    ...(eager ? {} : { eagerSkipped: 'registry.js has no relative dynamic import() to make eager' }),
  }
}

/** Runs the runtime suite at every size; returns `{ sizes: { [n]: … } }`. */
export async function runtimeSuite({ sizes, reps, log }) {
  const size = await lazySize().catch((error) => ({ error: String(error) }))
  return { sizes: Object.fromEntries(sizes.map((n) => [n, measureSize(n, reps, log)])), lazySize: size }
}
