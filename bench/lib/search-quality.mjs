/** Retrieval quality of a ranking over labelled queries: recall@1, recall@5 and MRR (over the top 10). */

/** Runs `rank(query, 10)` (names, best first, sync or async) for every query and scores it against the expected tools. */
export async function quality(rank, queries) {
  let top1 = 0
  let top5 = 0
  let reciprocal = 0
  const misses = []
  for (const { query, expected } of queries) {
    const ranked = await rank(query, 10)
    const at = ranked.findIndex((name) => expected.includes(name))
    if (at === 0) top1++
    if (at >= 0 && at < 5) top5++
    if (at >= 0) reciprocal += 1 / (at + 1)
    if (at < 0 || at >= 5) misses.push(query)
  }
  const n = queries.length
  return { queries: n, recallAt1: round(top1 / n), recallAt5: round(top5 / n), mrr: round(reciprocal / n), missedAt5: misses }
}

/** p50 and p99 of per-query times in ms, over `rounds` passes of every query after one warm-up pass. */
export async function latency(run, queries, rounds) {
  for (const { query } of queries) await run(query)
  const times = []
  for (let round = 0; round < rounds; round++) {
    for (const { query } of queries) {
      const start = performance.now()
      await run(query)
      times.push(performance.now() - start)
    }
  }
  times.sort((a, b) => a - b)
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
  return { samples: times.length, p50Ms: round(at(50), 4), p99Ms: round(at(99), 4) }
}

function round(value, digits = 3) {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}
