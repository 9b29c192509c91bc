/**
 * The build suite's contestants on one corpus: four toolcat builds (full derivation and catalog
 * only, on the ts-morph and on the native TypeScript 7 checker), tsc --noEmit of TypeScript 6 and
 * of TypeScript 7 (native), the ts-morph floor and the schema generators, in the order they alternate.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { cliPath, missing, outDirOf, repoRoot } from '../lib/toolcat.mjs'

const bin = (path) => join(repoRoot, 'node_modules', path)
const script = (name) => join(repoRoot, 'bench/contestants', name)

/**
 * The toolcat builds measured: what an app imports, and the catalog alone (what the schema
 * generators emit), each on both checkers. The corpus resolves the repository's TypeScript 7, so
 * each build names its checker instead of relying on `auto`.
 */
export const toolcatBuilds = {
  'toolcat-full': 'catalog + registry + compiled tool modules + precompiled validators (`toolcat build tools --outDir --checker ts-morph`)',
  'toolcat-catalog': 'catalog.json only (`toolcat build tools --out --checker ts-morph`)',
  'toolcat-native-full': 'the full build on the native TypeScript 7 checker (`--outDir --checker native`)',
  'toolcat-native-catalog': 'catalog.json only on the native TypeScript 7 checker (`--out --checker native`)',
}

/** The checker of each toolcat build. */
const checkerOf = (id) => (id.startsWith('toolcat-native-') ? 'native' : 'ts-morph')

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

/** Where a repetition's earlier output is moved before the next build, until `clearSetAside` after the suite. */
const setAsideOf = (dir) => join(outDirOf(dir), '.set-aside')

/**
 * Removes the outputs set aside during the build suite's repetitions. Deleting them between builds would
 * make the next build pay for it: on ext4 without a journal (this bench machine's disk) creating
 * a file checks every inode deleted in the last seconds, so a full build's ~6,500 new files after
 * ~6,500 deletions cost seconds of system time that depend on the disk, not on toolcat.
 */
export function clearSetAside(dir) {
  rmSync(setAsideOf(dir), { recursive: true, force: true })
}

function toolcatContestants(dir) {
  if (missing(cliPath, 'toolcat CLI')) return []
  const out = (id) => join(outDirOf(dir), id)
  let setAside = 0
  const build = (id, target) => ({
    id,
    command: 'node',
    // --no-cache: every build here is cold (the rebuild suite measures the cache).
    args: [cliPath, 'build', 'tools', ...target, '--checker', checkerOf(id), '--no-cache'],
    cwd: dir,
    // Each build starts without an output of its own (a cold build), the previous one moved aside (see clearSetAside).
    before: () => {
      if (!existsSync(out(id))) return
      mkdirSync(setAsideOf(dir), { recursive: true })
      renameSync(out(id), join(setAsideOf(dir), `${id}-${++setAside}`))
    },
  })
  return Object.keys(toolcatBuilds).map((id) => build(id, id.endsWith('-full') ? ['--outDir', out(id)] : ['--out', join(out(id), 'catalog.json')]))
}

/**
 * Returns the contestants `{ id, command, args, cwd?, before?, reps?, note? }` on the corpus in `dir`
 * of `n` tools; `only` (ids) keeps those alone. `tsc` is TypeScript 6 (the classic compiler, the
 * npm alias `typescript6`), `tsc7` TypeScript 7's native compiler (the repository's `typescript`);
 * its Go process is a child the Node wrapper waits for, so GNU time counts its CPU.
 */
export function buildContestants(dir, n, { reps, repsPerType, only }) {
  const all = [
    ...toolcatContestants(dir),
    { id: 'tsc', command: 'node', args: [bin('typescript6/bin/tsc'), '--noEmit', '-p', dir] },
    { id: 'tsc7', command: 'node', args: [bin('typescript/bin/tsc'), '--noEmit', '-p', dir] },
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
  return only === undefined ? all : all.filter((contestant) => only.includes(contestant.id))
}
