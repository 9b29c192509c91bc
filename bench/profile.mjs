/**
 * `npm run bench:profile`: CPU profiles (`node --cpu-prof`) of the catalog-only build, the full
 * build and the lazy registry's cold start + first call on the bench corpus, summarised in
 * bench/PROFILE.md. The `.cpuprofile` files (megabytes each) stay in a temporary folder.
 * Usage: node bench/profile.mjs [--size 1000] [--out bench/PROFILE.md] [--profile-dir <dir>]
 * Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { corpus } from './lib/corpora.mjs'
import { describeRun } from './lib/machine.mjs'
import { renderProfile } from './lib/profile-report.mjs'
import { cliPath, missing, outDirOf, repoRoot } from './lib/toolcat.mjs'
import { sampleArgs } from './suites/toolcat-output.mjs'

// A build lasts seconds; a cold start tens of milliseconds, so it is sampled ten times as often.
const BUILD_INTERVAL_US = 1000
const START_INTERVAL_US = 100
const FIRST_TOOL = 'tool_0001'

function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: { size: { type: 'string', default: '1000' }, out: { type: 'string', default: join(repoRoot, 'bench/PROFILE.md') }, 'profile-dir': { type: 'string' } },
  })
  const size = Number(values.size)
  if (!Number.isInteger(size) || size < 1 || size > 9999) throw new Error(`--size expects an integer in 1..9999, got "${values.size}"`)
  const profileDir = values['profile-dir'] ? resolve(values['profile-dir']) : mkdtempSync(join(tmpdir(), 'toolcat-profile-'))
  return { size, out: resolve(values.out), profileDir }
}

/** The three profiled runs in a corpus folder, each with the command line PROFILE.md shows (paths relative to the corpus). */
function profiledRuns(dir) {
  const catalog = 'out/profile-catalog/catalog.json'
  const outDir = 'out/profile'
  const probe = relative(dir, join(repoRoot, 'bench/probes/first-call.mjs'))
  return [
    {
      id: 'catalog',
      title: '1. Catalog only',
      // The time groups read ts-morph's frames; the corpus resolves TypeScript 7, so the checker is named.
      // Cold builds: without --no-cache the full build below would reuse this one's analysis.
      command: `toolcat build tools --out ${catalog} --checker ts-morph --no-cache`,
      args: [cliPath, 'build', 'tools', '--out', catalog, '--checker', 'ts-morph', '--no-cache'],
      intervalUs: BUILD_INTERVAL_US,
      before: () => rmSync(join(outDirOf(dir), 'profile-catalog'), { recursive: true, force: true }),
    },
    {
      id: 'full',
      title: '2. Full build: catalog + registry + compiled tool modules + precompiled validators',
      command: `toolcat build tools --outDir ${outDir} --checker ts-morph --no-cache`,
      args: [cliPath, 'build', 'tools', '--outDir', outDir, '--checker', 'ts-morph', '--no-cache'],
      intervalUs: BUILD_INTERVAL_US,
      before: () => rmSync(join(dir, outDir), { recursive: true, force: true }),
    },
    {
      id: 'first-call',
      title: '3. Lazy registry: cold start, `definitions()` and the first call',
      command: `node ${probe} ${outDir}/registry.js ${FIRST_TOOL} <its arguments from samples.json>`,
      args: [probe, `${outDir}/registry.js`, FIRST_TOOL, sampleArgs(dir, FIRST_TOOL)],
      intervalUs: START_INTERVAL_US,
    },
  ]
}

function firstLine(text) {
  return text.split('\n').map((line) => line.trim()).find((line) => line.length > 0) ?? '(no output)'
}

// The machine is described just before each run: its load average is the one that run met.
function profile(run, dir, profileDir) {
  run.before?.()
  const name = `${run.id}.cpuprofile`
  const cpuProf = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}`, `--cpu-prof-interval=${run.intervalUs}`]
  const machine = describeRun()
  const result = spawnSync('node', [...cpuProf, ...run.args], { cwd: dir, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${run.command} failed (exit ${result.status ?? result.signal}): ${firstLine(result.stderr || result.stdout || '')}`)
  return { ...run, machine, profile: JSON.parse(readFileSync(join(profileDir, name), 'utf8')) }
}

function main() {
  const { size, out, profileDir } = options(process.argv.slice(2))
  const absent = missing(cliPath, 'toolcat CLI')
  if (absent) throw new Error(absent)
  const log = (line) => console.log(line)
  const dir = corpus(size, log)
  mkdirSync(profileDir, { recursive: true })
  const runs = profiledRuns(dir).map((run) => {
    log(`profiling ${run.title}`)
    return profile(run, dir, profileDir)
  })
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, renderProfile(size, runs))
  log(`wrote ${out}; .cpuprofile files in ${profileDir}`)
}

try {
  main()
} catch (error) {
  console.error(`bench:profile: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
