import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FINDINGS_LINK, renderMarkdown, resultFiles } from '../lib/report.mjs'
import { repoRoot } from '../lib/toolcat.mjs'
import { toolcatBuilds } from '../suites/build-contestants.mjs'

const stat = (median) => ({ median, min: median, max: median })
const figures = (cpu) => ({ cpu: stat(cpu), wall: stat(cpu), rssMB: stat(200) })

const results = {
  machine: { cpu: 'test cpu', cores: 2, memoryGB: 4, os: 'linux', loadAverage1m: 0.1 },
  date: 'a date',
  versions: { node: 'v20' },
  options: { reps: 3, argv: '--sizes 3000 --reps 3' },
  build: {
    sizes: {
      3000: {
        toolcatBuilds,
        contestants: { 'toolcat-full': figures(30), 'toolcat-catalog': figures(12), tsc: figures(10), 'tsjsg-per-type': { ...figures(380), note: '1 repetition of 3' } },
        ratios: { 'toolcat-full/tsc': 3, 'toolcat-catalog/tsc': 1.2, 'tsjsg-cli/toolcat-full': 0.5, 'tsjsg-cli/toolcat-catalog': 1.3 },
      },
    },
  },
}

describe('RESULTS.md', () => {
  const text = renderMarkdown(results)

  it('ends with the link to the hand-written findings', () => {
    expect(text.trimEnd().endsWith(FINDINGS_LINK)).toBe(true)
  })

  it('shows the full and the catalog-only build side by side in the targets table', () => {
    const rows = text.split('\n').filter((line) => /^\| toolcat .* CPU ÷ tsc --noEmit|generator \(CLI\) CPU/.test(line))
    expect(rows).toEqual([
      '| toolcat full derivation (catalog + registry) CPU ÷ tsc --noEmit | ≤ 0.9 | 3000 | 3 | miss |',
      '| toolcat catalog only (`--out`, for comparison) CPU ÷ tsc --noEmit | ≤ 0.9 | 3000 | 1.2 | miss |',
      '| ts-json-schema-generator (CLI) CPU ÷ toolcat full derivation (catalog + registry) | ≥ 1.5 | 3000 | 0.5 | miss |',
      '| ts-json-schema-generator (CLI) CPU ÷ toolcat catalog only (`--out`, for comparison) | ≥ 1.5 | 3000 | 1.3 | miss |',
    ])
  })

  it("says on a contestant's row that it ran fewer repetitions", () => {
    expect(text).toContain('| tsjsg-per-type (1 repetition of 3) | 380.000 (380.000–380.000) |')
  })
})

describe('bench/run.mjs options', () => {
  it('refuses more per-type repetitions than repetitions, with a message and no stack', () => {
    const run = spawnSync('node', [join(repoRoot, 'bench/run.mjs'), '--reps', '2', '--reps-per-type', '3'], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toBe('bench: --reps-per-type 3 exceeds --reps 2: tsjsg-per-type runs at most once per repetition\n')
  })
})

describe('RESULTS.md, MCP section', () => {
  const mcp = {
    sizes: {
      1000: {
        contestants: { 'node-e-parse-catalog': { ...figures(0.05), firstAnswerMs: stat(60) }, 'serve-first-tools-list': { ...figures(0.07), firstAnswerMs: stat(90) } },
        ratios: { 'serve/node-e (CPU)': 1.4, 'serve/node-e (wall to answer)': 1.5 },
        load: { connections: 16, seconds: 5, rounds: 3, callsPerSecond: stat(2000), p50Ms: stat(7), p99Ms: stat(20), serverCpuPerCallMs: stat(0.4), serverCpuShare: stat(0.9) },
        worker: { bytes: 900000, gzipBytes: 100000, coldStart: figures(0.15) },
      },
    },
  }
  const text = renderMarkdown({ ...results, mcp, build: { ...results.build, carriedFrom: 'an earlier date' } })

  it('judges the start-up ratio against its goal and prints the load and Worker figures', () => {
    expect(text).toContain('| MCP `serve --mcp <outDir>` start-up to first tools/list CPU ÷ node -e parsing catalog.json | ≤ 1.5 | 1000 | 1.4 | pass |')
    expect(text).toContain('2000 calls/s (2000–2000), p50 7 ms (7–7), p99 20 ms (20–20)')
    expect(text).toContain('900000 bytes (100000 gzipped)')
  })

  it('says which figures a run carried over from an earlier run', () => {
    expect(text).toContain('Figures from the run of an earlier date (this run did not run the suite).')
  })
})

it('a named run has result files of its own, and the table names the Node it ran on', () => {
  expect(resultFiles(undefined)).toEqual({ json: 'bench/results.json', markdown: 'bench/RESULTS.md' })
  expect(resultFiles('node26')).toEqual({ json: 'bench/results-node26.json', markdown: 'bench/RESULTS-node26.md' })
  expect(renderMarkdown({ ...results, versions: { ...results.versions, node: 'v26.12.1' } })).toContain('## Issue 33: the targets carried over from issue 26, on Node 26.12.1')
})
