/** Interleaved repetitions (A B C A B C …), so a slow patch of a shared machine hits every contestant alike. */
import { measure } from './measure.mjs'
import { pairedRatio, round, summarize } from './stats.mjs'

const metrics = { cpu: (s) => s.cpu, wall: (s) => s.wall, rssMB: (s) => s.rssMB }

function describe(sample) {
  return `cpu ${sample.cpu.toFixed(2)}s wall ${sample.wall.toFixed(2)}s rss ${sample.rssMB.toFixed(0)}MB`
}

/**
 * Runs each contestant `{ id, command, args, cwd?, env?, before?, reps? }` once per repetition, in
 * turn; one with its own `reps` sits out the repetitions after its last. A contestant that fails is
 * not run again; its `error` says why. Returns `{ id, samples, error? }[]`.
 */
export function runAlternating(contestants, reps, log) {
  const runs = contestants.map((contestant) => ({ id: contestant.id, samples: [] }))
  for (let rep = 1; rep <= reps; rep++) {
    contestants.forEach((contestant, index) => {
      const run = runs[index]
      if (run.error || rep > (contestant.reps ?? reps)) return
      contestant.before?.()
      const sample = measure(contestant.command, contestant.args, { cwd: contestant.cwd, env: contestant.env })
      if (!sample.ok) {
        run.error = sample.error
        log(`  ${contestant.id}: failed — ${sample.error}`)
        return
      }
      run.samples.push(sample)
      log(`  ${contestant.id} #${rep}: ${describe(sample)}`)
    })
  }
  return runs
}

/** Returns `{ cpu, wall, rssMB }`, each `{ median, min, max }` rounded, of a run's samples. */
export function summarizeRun(run) {
  if (!run.samples.length) return undefined
  return Object.fromEntries(Object.entries(metrics).map(([name, of]) => {
    const { median, min, max } = summarize(run.samples.map(of))
    return [name, { median: round(median), min: round(min), max: round(max) }]
  }))
}

/** Returns the paired CPU ratio a ÷ b (median over repetitions), or undefined when either has no samples. */
export function pairedCpuRatio(a, b) {
  return round(pairedRatio(a.samples.map(metrics.cpu), b.samples.map(metrics.cpu)))
}
