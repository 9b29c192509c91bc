/**
 * Validation suite: calls per second through the registry's `execute` with validators precompiled
 * at build time (the default) against runtime validators (ajv compiles on the first call).
 */
import { join } from 'node:path'
import { runAlternating } from '../lib/alternate.mjs'
import { corpus } from '../lib/corpora.mjs'
import { median, round } from '../lib/stats.mjs'
import { repoRoot } from '../lib/toolcat.mjs'
import { sampleArgs, writeRegistries } from './toolcat-output.mjs'

const CALLS = 20_000
// tool_0002 has nested arrays of objects, a Record over a union, numbers with bounds: a typical schema.
const TOOL = 'tool_0002'
const probe = join(repoRoot, 'bench/probes/validation-throughput.mjs')

function throughput(run) {
  if (run.error) return { error: run.error }
  const values = run.samples.map((sample) => sample.probe.callsPerSecond)
  return { callsPerSecond: { median: median(values), min: Math.min(...values), max: Math.max(...values) } }
}

/** Runs the validation suite on the smallest size (validation cost does not depend on N). */
export async function validationSuite({ sizes, reps, log }) {
  const n = Math.min(...sizes)
  const dir = corpus(n, log)
  const written = await writeRegistries(dir, ['precompiled', 'runtime'])
  if (written.skipped) return { size: n, skipped: written.skipped }
  const args = sampleArgs(dir, TOOL)
  log(`validation @ ${n} tools, ${TOOL}, ${CALLS} calls (${reps} reps)`)
  const runs = runAlternating(Object.entries(written.registries).map(([mode, registry]) => (
    { id: mode, command: 'node', args: [probe, registry, TOOL, args, String(CALLS)] }
  )), reps, log)
  const results = Object.fromEntries(runs.map((run) => [run.id, throughput(run)]))
  const [fast, slow] = [results.precompiled?.callsPerSecond, results.runtime?.callsPerSecond]
  return { size: n, tool: TOOL, calls: CALLS, contestants: results, ...(fast && slow ? { ratios: { 'precompiled/runtime': round(fast.median / slow.median) } } : {}) }
}
