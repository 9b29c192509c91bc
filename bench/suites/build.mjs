/**
 * Build suite: toolcat build (catalog + registry) against tsc --noEmit, the schema generators and
 * the ts-morph floor, on the same corpus, interleaved. Also yields the 3,000 ÷ 1,000 scaling.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { corpus } from '../lib/corpora.mjs'
import { pairedCpuRatio, runAlternating, summarizeRun } from '../lib/alternate.mjs'
import { round } from '../lib/stats.mjs'
import { buildSupports, cliPath, missing, outDirOf, repoRoot } from '../lib/toolcat.mjs'

const bin = (path) => join(repoRoot, 'node_modules', path)
const script = (name) => join(repoRoot, 'bench/contestants', name)

/** The contestants on one corpus, in the order they alternate; toolcat only once it is built. */
function contestants(dir, n) {
  const list = [
    { id: 'tsc', command: 'node', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', dir] },
    { id: 'tsmorph-floor', command: 'node', args: [script('tsmorph-floor.mjs'), dir] },
    {
      id: 'tsjsg-cli',
      command: 'node',
      args: [bin('ts-json-schema-generator/bin/ts-json-schema-generator.js'), '--path', 'tools/*.ts', '--type', '*', '--tsconfig', 'tsconfig.json', '-o', join(outDirOf(dir), 'tsjsg.json')],
      cwd: dir,
      before: () => mkdirSync(outDirOf(dir), { recursive: true }),
    },
    { id: 'tsjsg-per-type', command: 'node', args: [script('tsjsg-per-type.mjs'), dir, String(n)] },
    { id: 'tjs', command: 'node', args: [script('tjs-symbols.mjs'), dir, String(n)] },
  ]
  if (!missing(cliPath, 'toolcat CLI')) {
    const out = join(outDirOf(dir), 'toolcat')
    // Until the CLI writes the registry (--outDir), its catalog-only build (--out) is measured.
    const target = buildSupports('--outDir') ? ['--outDir', out] : ['--out', join(out, 'catalog.json')]
    list.unshift({ id: 'toolcat', command: 'node', args: [cliPath, 'build', 'tools', ...target], cwd: dir, before: () => rmSync(out, { recursive: true, force: true }) })
  }
  return list
}

function toolcatMode() {
  if (missing(cliPath, 'toolcat CLI')) return { skipped: missing(cliPath, 'toolcat CLI') }
  return { toolcatMode: buildSupports('--outDir') ? 'catalog + registry (--outDir)' : 'catalog only (--out): this CLI has no --outDir yet' }
}

// Each pair reads "a ÷ b" in CPU seconds, paired per repetition.
const pairs = [
  ['toolcat', 'tsc'], ['tsmorph-floor', 'tsc'], ['tsjsg-cli', 'tsc'], ['tjs', 'tsc'],
  ['tsjsg-cli', 'toolcat'], ['tsjsg-per-type', 'toolcat'], ['tjs', 'toolcat'],
]

function measureSize(n, reps, log) {
  const dir = corpus(n, log)
  log(`build @ ${n} tools (${reps} reps)`)
  const runs = runAlternating(contestants(dir, n), reps, log)
  const byId = Object.fromEntries(runs.map((run) => [run.id, run]))
  const ratios = {}
  for (const [a, b] of pairs) {
    if (byId[a]?.samples.length && byId[b]?.samples.length) ratios[`${a}/${b}`] = pairedCpuRatio(byId[a], byId[b])
  }
  const toolcat = summarizeRun(byId.toolcat ?? { samples: [] })
  const floor = summarizeRun(byId['tsmorph-floor'] ?? { samples: [] })
  if (toolcat && floor) ratios['toolcat-rss/tsmorph-floor-rss'] = round(toolcat.rssMB.median / floor.rssMB.median)
  const results = Object.fromEntries(runs.map((run) => [run.id, run.error ? { error: run.error } : summarizeRun(run)]))
  return { contestants: results, ratios, ...toolcatMode() }
}

/** Median CPU at 3,000 ÷ at 1,000, per contestant measured at both sizes. */
function scaling(sizes) {
  const [small, large] = [sizes[1000]?.contestants, sizes[3000]?.contestants]
  if (!small || !large) return undefined
  const ids = Object.keys(small).filter((id) => small[id]?.cpu && large[id]?.cpu)
  return Object.fromEntries(ids.map((id) => [id, round(large[id].cpu.median / small[id].cpu.median)]))
}

/** Runs the build suite at every size; returns `{ sizes: { [n]: … }, scaling? }`. */
export function buildSuite({ sizes, reps, log }) {
  const results = {}
  for (const n of sizes) results[n] = measureSize(n, reps, log)
  const ratio = scaling(results)
  return ratio ? { sizes: results, scaling: ratio } : { sizes: results }
}
