/**
 * Validation suite: calls per second through the registry's `execute` with validators precompiled
 * at build time (the default) against runtime validators (ajv compiles on the first call), for a
 * typical corpus tool and for a tool whose arguments are mostly unions.
 */
import { join } from 'node:path'
import { runAlternating } from '../lib/alternate.mjs'
import { corpus } from '../lib/corpora.mjs'
import { median, round } from '../lib/stats.mjs'
import { repoRoot } from '../lib/toolcat.mjs'
import { everyBranchSample, firstBranchSample, UNION_TOOL, writeUnionProject } from '../corpus/union-tool.mjs'
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

/** Runs each `{ id, registry, tool, args }` in alternation; returns the contestants' figures and the precompiled ÷ runtime ratios. */
function measureCalls(contestants, reps, log) {
  const runs = runAlternating(contestants.map(({ id, registry, tool, args }) => ({ id, command: 'node', args: [probe, registry, tool, args, String(CALLS)] })), reps, log)
  const results = Object.fromEntries(runs.map((run) => [run.id, throughput(run)]))
  const ratios = {}
  for (const id of Object.keys(results)) {
    const runtimeId = id.replace(/^precompiled/, 'runtime')
    const [fast, slow] = [results[id]?.callsPerSecond, results[runtimeId]?.callsPerSecond]
    if (id.startsWith('precompiled') && fast && slow) ratios[`${id}/${runtimeId}`] = round(fast.median / slow.median)
  }
  return { contestants: results, ...(Object.keys(ratios).length ? { ratios } : {}) }
}

/** The union-heavy tool, with first-branch arguments (what a first-branch-only check accepts) and arguments taking every branch. */
async function unionSuite(reps, log) {
  const dir = join(repoRoot, 'bench/.corpus/unions')
  writeUnionProject(dir, repoRoot)
  const written = await writeRegistries(dir, ['precompiled', 'runtime'])
  if (written.skipped) return { tool: UNION_TOOL, skipped: written.skipped }
  log(`validation, union-heavy ${UNION_TOOL}, ${CALLS} calls (${reps} reps)`)
  const samples = { 'first branch': JSON.stringify(firstBranchSample()), 'every branch': JSON.stringify(everyBranchSample()) }
  const contestants = Object.entries(samples).flatMap(([label, args]) =>
    Object.entries(written.registries).map(([mode, registry]) => ({ id: `${mode}, ${label}`, registry, tool: UNION_TOOL, args })),
  )
  return { tool: UNION_TOOL, calls: CALLS, ...measureCalls(contestants, reps, log) }
}

/** Runs the validation suite on the smallest size (validation cost does not depend on N). */
export async function validationSuite({ sizes, reps, log }) {
  const n = Math.min(...sizes)
  const dir = corpus(n, log)
  const written = await writeRegistries(dir, ['precompiled', 'runtime'])
  if (written.skipped) return { size: n, skipped: written.skipped }
  const args = sampleArgs(dir, TOOL)
  log(`validation @ ${n} tools, ${TOOL}, ${CALLS} calls (${reps} reps)`)
  const typical = measureCalls(Object.entries(written.registries).map(([mode, registry]) => ({ id: mode, registry, tool: TOOL, args })), reps, log)
  return { size: n, tool: TOOL, calls: CALLS, ...typical, unions: await unionSuite(reps, log) }
}
