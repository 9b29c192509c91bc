import { expect, test } from 'vitest'
import { latency, quality } from '../lib/search-quality.mjs'
import { searchSection, searchTargets } from '../lib/search-report.mjs'

const queries = [
  { query: 'a', expected: ['x'] },
  { query: 'b', expected: ['y', 'z'] },
  { query: 'c', expected: ['w'] },
  { query: 'd', expected: ['v'] },
]
const ranked = { a: ['x', 'q'], b: ['q', 'z'], c: ['q', 'r', 's', 't', 'u', 'w'], d: [] }

test('recall@1, recall@5 and MRR count the first expected tool in the ranking', async () => {
  const scores = await quality(async (query) => ranked[query], queries)
  expect(scores).toEqual({ queries: 4, recallAt1: 0.25, recallAt5: 0.5, mrr: Math.round(((1 + 1 / 2 + 1 / 6) / 4) * 1000) / 1000, missedAt5: ['c', 'd'] })
})

test('latency samples every query per round after a warm-up pass', async () => {
  let calls = 0
  const times = await latency(() => void calls++, queries, 3)
  expect(calls).toBe(16)
  expect(times.samples).toBe(12)
  expect(times.p99Ms).toBeGreaterThanOrEqual(times.p50Ms)
})

test('the section judges toolcat against the better library', () => {
  const entry = (recallAt1, recallAt5) => ({ tuned: { queries: 4, recallAt1, recallAt5, mrr: 0.5, missedAt5: [] }, heldOut: { queries: 1, recallAt1: 1, recallAt5: 1, mrr: 1 } })
  const suite = {
    tools: 10, corpus: 'x', buildMs: 1000, largeSize: 100, indexBuildMs: { 10: 1 },
    size: { indexBytes: 20, catalogBytes: 100, ratio: 0.2, gzipIndexBytes: 5, gzipCatalogBytes: 30 },
    contestants: { 'toolcat registry.search': entry(0.5, 0.9), 'Lib A': entry(0.5, 0.7), 'Lib B': entry(0.6, 0.8) },
    latencies: { 10: { p50Ms: 0.5, p99Ms: 1, samples: 4 } }, baselineLatency: {},
  }
  expect(searchTargets(suite).map((row) => row.at(-1))).toEqual(['MISS', 'MISS', 'pass', 'pass'])
  expect(searchTargets(suite)[0][0]).toContain('Lib B')
  expect(searchSection(suite)).toContain('## Search')
})
