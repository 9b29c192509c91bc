/**
 * `npm run bench`: runs the benchmark suites and writes bench/results.json and bench/RESULTS.md.
 * Usage: node bench/run.mjs [--sizes 100,1000,3000] [--reps 5] [--reps-per-type 1] [--only build,rebuild,incremental,runtime,validation,mcp,search]
 *   [--contestants tsc,tsc7,toolcat-catalog,toolcat-native-catalog,…] (the build suite runs only those)
 *   [--name node26] (writes bench/results-node26.json and bench/RESULTS-node26.md instead, and carries over from them)
 * `--reps-per-type N` (at most --reps): repetitions of the slow tsjsg-per-type contestant above 1,000 tools (default 1).
 * Needs `npm run build` first for the toolcat suites; a missing piece skips its suite with the reason.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { requireGnuTime } from './lib/measure.mjs'
import { describeRun } from './lib/machine.mjs'
import { resultFiles, writeResults } from './lib/report.mjs'
import { repoRoot } from './lib/toolcat.mjs'
import { buildSuite } from './suites/build.mjs'
import { incrementalSuite } from './suites/incremental.mjs'
import { mcpSuite } from './suites/mcp.mjs'
import { rebuildSuite } from './suites/rebuild.mjs'
import { runtimeSuite } from './suites/runtime.mjs'
import { validationSuite } from './suites/validation.mjs'
import { searchSuite } from './suites/search.mjs'

const suites = { build: buildSuite, rebuild: rebuildSuite, incremental: incrementalSuite, runtime: runtimeSuite, validation: validationSuite, mcp: mcpSuite, search: searchSuite }

function positiveIntegers(text, flag) {
  const values = text.split(',').map((part) => Number(part.trim()))
  if (!values.length || values.some((value) => !Number.isInteger(value) || value < 1)) throw new Error(`${flag} expects positive integers separated by commas, got "${text}"`)
  return values
}

function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '100,1000,3000' },
      reps: { type: 'string', default: '5' },
      'reps-per-type': { type: 'string' },
      only: { type: 'string', default: Object.keys(suites).join(',') },
      contestants: { type: 'string' },
      name: { type: 'string' },
    },
  })
  const only = values.only.split(',').map((name) => name.trim())
  const unknown = only.filter((name) => !(name in suites))
  if (unknown.length) throw new Error(`--only: unknown suite ${unknown.join(', ')} (known: ${Object.keys(suites).join(', ')})`)
  const [reps] = positiveIntegers(values.reps, '--reps')
  const [repsPerType] = values['reps-per-type'] === undefined ? [] : positiveIntegers(values['reps-per-type'], '--reps-per-type')
  // It alternates with the other contestants, so it cannot run more repetitions than they do.
  if (repsPerType > reps) throw new Error(`--reps-per-type ${repsPerType} exceeds --reps ${reps}: tsjsg-per-type runs at most once per repetition`)
  const contestants = values.contestants?.split(',').map((id) => id.trim())
  if (values.name !== undefined && !/^[a-z0-9-]+$/.test(values.name)) throw new Error(`--name expects lower-case letters, digits and dashes, got "${values.name}"`)
  return { sizes: positiveIntegers(values.sizes, '--sizes'), reps, repsPerType, only, ...(contestants ? { contestants } : {}), ...(values.name ? { name: values.name } : {}), argv: argv.join(' ') }
}

/** Keeps, from the last results.json, the figures of every suite this run did not run, marked with that run's date. */
function carryOver(results, only, name) {
  const file = join(repoRoot, resultFiles(name).json)
  if (!existsSync(file)) return
  const previous = JSON.parse(readFileSync(file, 'utf8'))
  for (const name of Object.keys(suites)) {
    if (only.includes(name) || previous[name] === undefined) continue
    results[name] = { ...previous[name], carriedFrom: previous[name].carriedFrom ?? previous.date }
  }
}

async function main() {
  const argv = process.argv.slice(2)
  const settings = options(argv)
  requireGnuTime()
  const log = (line) => console.log(line)
  const results = { ...describeRun(), options: settings }
  for (const name of settings.only) {
    log(`== ${name}`)
    results[name] = await suites[name]({ ...settings, log })
  }
  carryOver(results, settings.only, settings.name)
  log(`wrote ${writeResults(results, settings.name).join(' and ')}`)
}

try {
  await main()
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
