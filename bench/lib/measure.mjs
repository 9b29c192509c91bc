/**
 * Runs one command and measures it: CPU (user + sys) and peak RSS from GNU time, which counts
 * the whole process tree it waited for (e.g. an esbuild child), and wall time from a monotonic clock.
 * GNU time prints CPU to 10 ms; a probe that needs finer CPU prints its own `process.resourceUsage()`
 * on a last stdout line `BENCH {json}` (see probes/report-usage.mjs): its `cpu` replaces GNU time's,
 * and the whole report is returned as `probe`.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const GNU_TIME = '/usr/bin/time'
const FORMAT = '%U %S %M'

/** Throws a clear message unless GNU time (Debian package `time`) is installed. */
export function requireGnuTime() {
  const check = spawnSync(GNU_TIME, ['-f', FORMAT, 'true'], { encoding: 'utf8' })
  if (check.status !== 0 || !/^\d+\.\d+ \d+\.\d+ \d+\s*$/m.test(check.stderr ?? '')) {
    throw new Error(`GNU time not found at ${GNU_TIME} (needed for child CPU and peak RSS): install it with "apt-get install time"`)
  }
}

// Node prints a crash's source excerpt first; the line naming the error (`TypeError: …`, or a
// compiler's `…: error TS…`) says more.
function firstProblemLine(text) {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0)
  return (lines.find((line) => /^[A-Z]\w*Error\b/.test(line)) ?? lines.find((line) => /\berror\b/i.test(line)) ?? lines[0] ?? '').slice(0, 300)
}

function probeReport(stdout) {
  const line = stdout.trimEnd().split('\n').at(-1) ?? ''
  return line.startsWith('BENCH ') ? JSON.parse(line.slice('BENCH '.length)) : undefined
}

// GNU time writes nothing when the command could not be started or was killed by the timeout.
function readTiming(file) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
  } catch {
    return []
  }
}

/**
 * Runs `command args` in `cwd`; returns `{ ok, wall, cpu, user, sys, rssMB, probe?, error? }`,
 * seconds and megabytes. A non-zero exit is `ok: false` with the first line of its output.
 */
export function measure(command, args, { cwd, env, timeoutMs = 30 * 60_000 } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'toolcat-bench-'))
  const timeFile = join(scratch, 'time.txt')
  try {
    const started = process.hrtime.bigint()
    const run = spawnSync(GNU_TIME, ['-f', FORMAT, '-o', timeFile, command, ...args], {
      cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs,
    })
    const wall = Number(process.hrtime.bigint() - started) / 1e9
    const [user = 0, sys = 0, rssKB = 0] = readTiming(timeFile)
    const result = { ok: run.status === 0, wall, cpu: user + sys, user, sys, rssMB: rssKB / 1024 }
    if (!result.ok) return { ...result, error: firstProblemLine(`${run.stderr}\n${run.stdout}`) || `exit ${run.status ?? run.signal}` }
    const probe = probeReport(run.stdout)
    return probe ? { ...result, cpu: probe.cpu ?? result.cpu, probe } : result
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
