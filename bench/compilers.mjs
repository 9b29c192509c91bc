// Compiler engines for `toolcat build --outDir` (issue 33): rolldown, native esbuild and
// esbuild-wasm, on the 14-tool fixture app (fixtures/basic) cold and after one edit, and once on a
// generated corpus of 1,000 tools. Each build is the real CLI in a child process, timed by GNU time
// (wall, and the user + system CPU of the child and everything it waited for: the esbuild service,
// TypeScript 7's checker).
//   node bench/compilers.mjs [--reps 5] [--large 1000] [--out bench/compilers.json]
// Writes the figures to --out (JSON) and prints a Markdown table.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { corpusDir, generateCorpus } from './corpus/generate.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const bin = path.join(repo, 'dist/src/cli/bin.js')
const engines = ['rolldown', 'esbuild', 'esbuild-wasm']
const flag = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : process.argv[at + 1]
}
const reps = Number(flag('reps', '5'))
const large = Number(flag('large', '1000'))
const out = path.resolve(flag('out', path.join(repo, 'bench/compilers.json')))

/** One CLI build in `cwd` with `engine`: wall seconds and child CPU seconds (GNU time). */
function timedBuild(cwd, engine, tools) {
  const stats = path.join(cwd, '.time')
  execFileSync('/usr/bin/time', ['-o', stats, '-f', '%e %U %S', process.execPath, bin, 'build', tools, '--outDir', 'out'], {
    cwd,
    env: { ...process.env, TOOLCAT_COMPILER: engine },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const [wall, user, system] = readFileSync(stats, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
  return { wall, cpu: +(user + system).toFixed(2) }
}

/** A fresh copy of the 14-tool app (its node_modules and outputs left behind), inside the repo so `toolcat` resolves. */
function freshBasic() {
  const parent = mkdtempSync(path.join(repo, '.tmp/bench-compilers-'))
  const target = path.join(parent, 'basic')
  cpSync(path.join(repo, 'fixtures/basic'), target, { recursive: true, filter: (file) => !/\b(node_modules|out)\b/.test(path.relative(repo, file)) })
  return target
}

/** Edits one tool's body (its output changes, its schema does not). */
function edit(root, round) {
  const file = path.join(root, 'tools/weather.ts')
  writeFileSync(file, readFileSync(file, 'utf8').replace(/conditions: 'cloudy'/, `conditions: 'cloudy ${round}'`))
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const rows = []
for (const engine of engines) {
  const cold = []
  const oneEdit = []
  for (let rep = 0; rep < reps; rep++) {
    const root = freshBasic()
    try {
      cold.push(timedBuild(root, engine, 'tools'))
      edit(root, rep + 1)
      oneEdit.push(timedBuild(root, engine, 'tools'))
    } finally {
      rmSync(path.dirname(root), { recursive: true, force: true })
    }
  }
  rows.push({ engine, app: 'basic (14 tools)', cold, oneEdit })
  process.stderr.write(`${engine}: cold ${median(cold.map((r) => r.wall))} s, one edit ${median(oneEdit.map((r) => r.wall))} s\n`)
}

if (large > 0) {
  const corpus = corpusDir(large)
  if (!existsSync(corpus)) generateCorpus(corpus, large)
  for (const engine of engines) {
    rmSync(path.join(corpus, 'out'), { recursive: true, force: true })
    rmSync(path.join(corpus, 'node_modules/.cache'), { recursive: true, force: true })
    const cold = [timedBuild(corpus, engine, 'tools')]
    rows.push({ engine, app: `corpus (${large} tools)`, cold, oneEdit: [] })
    process.stderr.write(`${engine} at ${large}: cold ${cold[0].wall} s\n`)
  }
}

const versions = Object.fromEntries(['rolldown', 'esbuild', 'esbuild-wasm', 'typescript'].map((name) => [name, JSON.parse(readFileSync(path.join(repo, 'node_modules', name, 'package.json'), 'utf8')).version]))
const result = { date: new Date().toISOString(), node: process.version, loadAverage1m: loadavg()[0], reps, versions, rows }
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
const cell = (runs, key) => (runs.length === 0 ? '—' : `${median(runs.map((r) => r[key])).toFixed(2)}`)
console.log('| engine | app | cold wall s | cold CPU s | one edit wall s | one edit CPU s |\n| --- | --- | --- | --- | --- | --- |')
for (const row of rows) console.log(`| ${row.engine} | ${row.app} | ${cell(row.cold, 'wall')} | ${cell(row.cold, 'cpu')} | ${cell(row.oneEdit, 'wall')} | ${cell(row.oneEdit, 'cpu')} |`)
