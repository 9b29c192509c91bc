/**
 * The build suite's contestants on one corpus: two toolcat builds (full derivation and catalog
 * only), tsc --noEmit, the ts-morph floor and the schema generators, in the order they alternate.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { cliPath, missing, outDirOf, repoRoot } from '../lib/toolcat.mjs'

const bin = (path) => join(repoRoot, 'node_modules', path)
const script = (name) => join(repoRoot, 'bench/contestants', name)

/** The two toolcat builds measured: what an app imports, and the catalog alone (what the schema generators emit). */
export const toolcatBuilds = {
  'toolcat-full': 'catalog + registry + compiled tool modules + precompiled validators (`toolcat build tools --outDir`)',
  'toolcat-catalog': 'catalog.json only (`toolcat build tools --out`)',
}

// Above this size one tsjsg-per-type run takes minutes (~380 s at 3,000 tools), most of a whole bench run.
const PER_TYPE_FULL_REPS_UP_TO = 1000

/**
 * Repetitions of `tsjsg-per-type` at `n` tools: all of them up to 1,000 tools, above that
 * `repsPerType` (default 1). Returns `{ reps, note? }`, the note saying why it ran fewer.
 */
export function perTypeReps(n, reps, repsPerType = 1) {
  if (n <= PER_TYPE_FULL_REPS_UP_TO || repsPerType >= reps) return { reps }
  const count = `${repsPerType} repetition${repsPerType === 1 ? '' : 's'}`
  return { reps: repsPerType, note: `${count} of ${reps}: above 1,000 tools it runs ${count} unless \`--reps-per-type N\` is given` }
}

function toolcatContestants(dir) {
  if (missing(cliPath, 'toolcat CLI')) return []
  const out = (id) => join(outDirOf(dir), id)
  const build = (id, target) => ({ id, command: 'node', args: [cliPath, 'build', 'tools', ...target], cwd: dir, before: () => rmSync(out(id), { recursive: true, force: true }) })
  return [build('toolcat-full', ['--outDir', out('toolcat-full')]), build('toolcat-catalog', ['--out', join(out('toolcat-catalog'), 'catalog.json')])]
}

/** Returns the contestants `{ id, command, args, cwd?, before?, reps?, note? }` on the corpus in `dir` of `n` tools. */
export function buildContestants(dir, n, { reps, repsPerType }) {
  return [
    ...toolcatContestants(dir),
    { id: 'tsc', command: 'node', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', dir] },
    { id: 'tsmorph-floor', command: 'node', args: [script('tsmorph-floor.mjs'), dir] },
    {
      id: 'tsjsg-cli',
      command: 'node',
      args: [bin('ts-json-schema-generator/bin/ts-json-schema-generator.js'), '--path', 'tools/*.ts', '--type', '*', '--tsconfig', 'tsconfig.json', '-o', join(outDirOf(dir), 'tsjsg.json')],
      cwd: dir,
      before: () => mkdirSync(outDirOf(dir), { recursive: true }),
    },
    { id: 'tsjsg-per-type', command: 'node', args: [script('tsjsg-per-type.mjs'), dir, String(n)], ...perTypeReps(n, reps, repsPerType) },
    { id: 'tjs', command: 'node', args: [script('tjs-symbols.mjs'), dir, String(n)] },
  ]
}
