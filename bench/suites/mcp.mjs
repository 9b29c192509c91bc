/**
 * MCP suite: `toolcat serve --mcp <outDir>` start-up to its first `tools/list` answer ÷ a bare
 * `node -e` reading and parsing the same catalog.json (both children's own CPU, µs); `tools/call`
 * throughput and latency over Streamable HTTP on loopback under a bounded load (N connections,
 * T seconds), with the server's CPU; the size and cold start of a bundled Worker-style handler.
 */
import { spawn } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { pairedCpuRatio, runAlternating, summarizeRun } from '../lib/alternate.mjs'
import { corpus } from '../lib/corpora.mjs'
import { measure } from '../lib/measure.mjs'
import { pairedRatio, round, summarize } from '../lib/stats.mjs'
import { cliPath, repoRoot } from '../lib/toolcat.mjs'
import { buildRegistry, sampleArgs } from './toolcat-output.mjs'

const REPS_PER_BUILD_REP = 10
const TOOL = 'tool_0001'
const CONNECTIONS = 16
const SECONDS = 5
const probe = (name) => join(repoRoot, 'bench/probes', name)

/** Start-up: serve to first answer vs node -e parsing the catalog, alternating. */
function startup(outDir, reps, log) {
  const contestants = [
    { id: 'node-e-parse-catalog', command: 'node', args: [probe('mcp-first-list.mjs'), 'parse', outDir] },
    { id: 'serve-first-tools-list', command: 'node', args: [probe('mcp-first-list.mjs'), 'serve', outDir] },
  ]
  const runs = Object.fromEntries(runAlternating(contestants, reps, log).map((run) => [run.id, run]))
  const serve = runs['serve-first-tools-list']
  const parse = runs['node-e-parse-catalog']
  const wall = (run) => run.samples.map((sample) => sample.probe.firstAnswerMs)
  return {
    contestants: Object.fromEntries(Object.values(runs).map((run) => [run.id, run.error ? { error: run.error } : { ...summarizeRun(run), firstAnswerMs: roundStats(summarize(wall(run))) }])),
    ratios: serve.samples.length && parse.samples.length ? { 'serve/node-e (CPU)': pairedCpuRatio(serve, parse), 'serve/node-e (wall to answer)': round(pairedRatio(wall(serve), wall(parse))) } : {},
  }
}

function roundStats({ median, min, max }) {
  return { median: round(median), min: round(min), max: round(max) }
}

/** CPU seconds a live process has used so far, from /proc (clock ticks of 10 ms). */
function processCpu(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Throughput: one `serve --http` process, a load client of our own; `reps` rounds of SECONDS each. */
async function load(dir, outDir, reps, log) {
  const server = spawn('node', [cliPath, 'serve', '--mcp', outDir, '--http', '127.0.0.1:0'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
  try {
    const url = await new Promise((resolve, reject) => {
      let stderr = ''
      server.stderr.on('data', (chunk) => {
        stderr += chunk
        const match = /at (http:\/\/\S+\/mcp)/.exec(stderr)
        if (match) resolve(match[1])
      })
      server.on('exit', (code) => reject(new Error(`serve --http exited ${code}: ${stderr}`)))
    })
    const rounds = []
    for (let rep = 1; rep <= reps; rep++) {
      const before = processCpu(server.pid)
      const run = measure('node', [probe('mcp-http-load.mjs'), url, TOOL, sampleArgs(dir, TOOL), String(CONNECTIONS), String(SECONDS)])
      if (!run.ok) return { error: run.error }
      const serverCpu = processCpu(server.pid) - before
      rounds.push({ ...run.probe, serverCpuPerCallMs: (serverCpu * 1000) / run.probe.calls, serverCpuShare: serverCpu / run.probe.seconds })
      log(`  http load #${rep}: ${run.probe.callsPerSecond} calls/s, p50 ${run.probe.p50} ms, p99 ${run.probe.p99} ms, server CPU ${serverCpu.toFixed(2)} s`)
    }
    const stat = (of) => roundStats(summarize(rounds.map(of)))
    return { connections: CONNECTIONS, seconds: SECONDS, rounds: rounds.length, callsPerSecond: stat((r) => r.callsPerSecond), p50Ms: stat((r) => r.p50), p99Ms: stat((r) => r.p99), serverCpuPerCallMs: stat((r) => r.serverCpuPerCallMs), serverCpuShare: stat((r) => r.serverCpuShare) }
  } finally {
    server.kill('SIGTERM')
  }
}

/** The Worker-style handler of README, bundled with esbuild into one file: its size and cold start. */
async function worker(dir, outDir, reps, log) {
  const entry = join(outDir, 'worker-entry.mjs')
  writeFileSync(entry, `import { createMcpHandler } from 'toolcat/mcp'\nimport { createRegistry } from './registry.js'\nimport catalog from './catalog.json' with { type: 'json' }\nconst handler = createMcpHandler({ registry: createRegistry(), catalog })\nexport default { fetch: (request) => handler(request) }\n`)
  const bundle = join(dirname(outDir), 'worker-bundle.mjs')
  await build({ entryPoints: [entry], outfile: bundle, bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], minify: true, logLevel: 'silent' })
  const bytes = statSync(bundle).size
  const gzipBytes = gzipSync(readFileSync(bundle)).length
  const runs = runAlternating([{ id: 'worker-cold-start', command: 'node', args: [probe('mcp-worker-cold.mjs'), bundle, TOOL, sampleArgs(dir, TOOL)] }], reps, log)
  return { bytes, gzipBytes, coldStart: runs[0].error ? { error: runs[0].error } : summarizeRun(runs[0]) }
}

async function measureSize(n, reps, log) {
  const dir = corpus(n, log)
  const built = buildRegistry(dir, 'mcp')
  if (built.skipped) return { skipped: built.skipped }
  const outDir = dirname(built.registry)
  log(`mcp @ ${n} tools`)
  return { ...startup(outDir, reps * REPS_PER_BUILD_REP, log), load: await load(dir, outDir, reps, log), worker: await worker(dir, outDir, reps * 2, log) }
}

/** Runs the MCP suite at every size; returns `{ sizes: { [n]: … } }`. */
export async function mcpSuite({ sizes, reps, log }) {
  const results = {}
  for (const n of sizes) results[n] = await measureSize(n, reps, log)
  return { sizes: results }
}
