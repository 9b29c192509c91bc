/** The search suite's section of RESULTS.md. */

function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`

/** The better of the libraries compared with toolcat, by recall@5 on the tuned queries. */
export function bestBaseline(contestants) {
  return Object.entries(contestants)
    .filter(([id]) => !id.startsWith('toolcat'))
    .sort((a, b) => b[1].tuned.recallAt5 - a[1].tuned.recallAt5 || b[1].tuned.recallAt1 - a[1].tuned.recallAt1)[0]
}

/** The figures the issue's "done when" names, each with its limit and verdict. */
export function searchTargets(suite) {
  if (!suite || suite.skipped) return []
  const toolcat = suite.contestants['toolcat registry.search'].tuned
  const [baselineId, baseline] = bestBaseline(suite.contestants)
  const verdict = (ok) => (ok ? 'pass' : 'MISS')
  const recall5Ratio = Math.round((toolcat.recallAt5 / baseline.tuned.recallAt5) * 100) / 100
  return [
    [`recall@5 ÷ best library's (${baselineId})`, '≥ 1.2', String(recall5Ratio), verdict(recall5Ratio >= 1.2)],
    [`recall@1 vs best library's (${baseline.tuned.recallAt1})`, '≥', String(toolcat.recallAt1), verdict(toolcat.recallAt1 >= baseline.tuned.recallAt1)],
    [`p50 query time at ${suite.tools} tools`, '≤ 1 ms', `${suite.latencies[suite.tools].p50Ms} ms`, verdict(suite.latencies[suite.tools].p50Ms <= 1)],
    ['index ÷ catalog.json bytes', '≤ 0.25', String(suite.size.ratio), verdict(suite.size.ratio <= 0.25)],
  ]
}

/** Renders the section, or why the suite was skipped. */
export function searchSection(suite) {
  if (!suite) return '## Search\n\nNot run.'
  if (suite.skipped) return `## Search\n\nSkipped: ${suite.skipped}`
  const kept = suite.carriedFrom ? ` (figures from the run of ${suite.carriedFrom}, which this run did not repeat)` : ''
  const quality = table(
    ['ranking', 'recall@1', 'recall@5', 'MRR', `held-out recall@1`, 'held-out recall@5', 'held-out MRR'],
    Object.entries(suite.contestants).map(([id, { tuned, heldOut }]) => [id, tuned.recallAt1, tuned.recallAt5, tuned.mrr, heldOut.recallAt1, heldOut.recallAt5, heldOut.mrr]),
  )
  const times = table(
    ['ranking', 'tools', 'p50 ms', 'p99 ms', 'samples'],
    [
      ...Object.entries(suite.latencies).map(([tools, entry]) => ['toolcat registry.search', tools, entry.p50Ms, entry.p99Ms, entry.samples]),
      ...Object.entries(suite.baselineLatency).map(([id, entry]) => [id, suite.tools, entry.p50Ms, entry.p99Ms, entry.samples]),
    ],
  )
  const toolcat = suite.contestants['toolcat registry.search'].tuned
  return [
    `## Search${kept}`,
    `GitHub's REST API (${suite.corpus}) as ${suite.tools} declaration-only tools, built with \`toolcat build --outDir\` in ${(suite.buildMs / 1000).toFixed(1)} s (ts-morph). ${toolcat.queries} queries as users type them, plus ${suite.contestants['toolcat registry.search'].heldOut.queries} held-out queries written after the ranking's constants were chosen (bench/corpus/github-queries.mjs). Every library indexes the same fields with toolcat's field weights as boosts.`,
    table(['target', 'limit', 'measured', 'verdict'], searchTargets(suite)),
    quality,
    `Queries toolcat misses at 5: ${toolcat.missedAt5.map((query) => `“${query}”`).join(', ') || 'none'}.`,
    times,
    `Index: search.js ${kib(suite.size.indexBytes)} for catalog.json ${kib(suite.size.catalogBytes)} (${suite.size.ratio}); gzipped ${kib(suite.size.gzipIndexBytes)} for ${kib(suite.size.gzipCatalogBytes)}. Index build (buildSearchIndex + module text, in process, median): ${Object.entries(suite.indexBuildMs).map(([tools, ms]) => `${ms} ms at ${tools} tools`).join(', ')}; the ${suite.largeSize}-tool catalog replicates the GitHub one with renamed tools.`,
  ].join('\n\n')
}
