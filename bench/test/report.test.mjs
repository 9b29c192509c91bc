import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FINDINGS_LINK, renderMarkdown } from '../lib/report.mjs'
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
