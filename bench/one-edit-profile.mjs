// Where the time of a one-edit `toolcat build --outDir` goes (issue 33's ≤ 0.5 s target): a fresh
// copy of fixtures/basic is built cold, tools/weather.ts edited as bench/compilers.mjs edits it,
// and the rebuild run under `node --cpu-prof`; its samples are grouped by the phase on the stack.
//   node bench/one-edit-profile.mjs [--reps 3]     (needs `npm run build`; prints a Markdown table)
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { groupTimes, totalMs } from './lib/cpu-profile.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const bin = path.join(repo, 'dist/src/cli/bin.js')
const at = process.argv.indexOf('--reps')
const reps = at === -1 ? 3 : Number(process.argv[at + 1])

// The first group whose test matches any frame of a sample's stack names it; the order matters
// (module loading inside the checker's start counts as the checker's).
const phases = [
  ['TypeScript 7 checker (start, snapshot, type queries; waiting on its process)', (f) => /typescript\/dist\/|backends\/native\//.test(f.url) || f.functionName === 'openBackend'],
  ['compile tool entries (rolldown)', (f) => /rolldown|compile-tools/.test(f.url)],
  ['write output, output cache, validator memo', (f) => /write-out-dir|write-files|output-cache|validator-memo|cache-file|build-output/.test(f.url)],
  ['loading modules (toolcat, ajv, json5, …)', (f) => /^node:internal\/modules/.test(f.url) || f.functionName === 'compileSourceTextModule'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['idle (waiting on files, threads)', (f) => f.functionName === '(idle)'],
]
const classify = (stack) => phases.find(([, test]) => stack.some((frame) => test(frame.callFrame)))?.[0] ?? 'the rest (CLI, analysis from the cache, Node start)'

const sums = new Map()
let total = 0
for (let rep = 0; rep < reps; rep++) {
  const scratch = mkdtempSync(path.join(repo, '.tmp/one-edit-profile-'))
  try {
    const app = path.join(scratch, 'basic')
    cpSync(path.join(repo, 'fixtures/basic'), app, { recursive: true, filter: (file) => !/\b(node_modules|out)\b/.test(path.relative(repo, file)) })
    execFileSync(process.execPath, [bin, 'build', 'tools', '--outDir', 'out'], { cwd: app, stdio: 'ignore' })
    const weather = path.join(app, 'tools/weather.ts')
    writeFileSync(weather, readFileSync(weather, 'utf8').replace(/conditions: 'cloudy'/, `conditions: 'cloudy ${rep + 1}'`))
    const profiles = path.join(scratch, 'profiles')
    execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-interval', '250', '--cpu-prof-dir', profiles, bin, 'build', 'tools', '--outDir', 'out'], { cwd: app, stdio: 'ignore' })
    const profile = JSON.parse(readFileSync(path.join(profiles, readdirSync(profiles)[0]), 'utf8'))
    total += totalMs(profile)
    for (const [phase, ms] of groupTimes(profile, classify)) sums.set(phase, (sums.get(phase) ?? 0) + ms)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
console.log(`One-edit rebuild of fixtures/basic, Node ${process.versions.node}, mean of ${reps} profiled runs (load average ${loadavg()[0].toFixed(1)}): ${(total / reps).toFixed(0)} ms sampled\n`)
console.log('| phase | ms | share |\n| --- | --- | --- |')
for (const [phase, ms] of [...sums].sort((a, b) => b[1] - a[1])) console.log(`| ${phase} | ${(ms / reps).toFixed(0)} | ${((100 * ms) / total).toFixed(0)} % |`)
