/**
 * The search suite (issue 24): GitHub's REST API as declaration-only tools, built by `toolcat
 * build --outDir`; its queries ranked by `registry.search` of the generated registry and, on the
 * same fields with the same field boosts, by MiniSearch and Orama; index size against
 * catalog.json; query latency at ~1,000 tools and at 10,000 (the catalog replicated with renamed
 * tools); the index's build time.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { githubOperations, octokitOpenapi, writeGithubProject } from '../corpus/github.mjs'
import { githubQueries, heldOutQueries } from '../corpus/github-queries.mjs'
import { miniSearchContestant, oramaContestant } from '../lib/search-baselines.mjs'
import { latency, quality } from '../lib/search-quality.mjs'
import { median } from '../lib/stats.mjs'
import { cliPath, missing, repoRoot } from '../lib/toolcat.mjs'

const largeSize = 10000

export async function searchSuite({ reps, log }) {
  const skipped = missing(cliPath, 'the toolcat CLI') ?? missing(join(repoRoot, 'dist/runtime/search.js'), 'toolcat/search')
  if (skipped) return { skipped }
  const dir = join(repoRoot, 'bench/.corpus/github')
  const tools = writeGithubProject(dir, githubOperations())
  log(`search: ${tools} GitHub tools from ${octokitOpenapi} in bench/.corpus/github`)
  const started = performance.now()
  execFileSync(process.execPath, [cliPath, 'build', 'tools', '--outDir', 'out', '--checker', 'ts-morph'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
  const buildMs = performance.now() - started
  const out = join(dir, 'out')
  const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8'))
  const engine = await import(pathToFileURL(join(repoRoot, 'dist/runtime/search.js')).href)
  const { generateSearchModule } = await import(pathToFileURL(join(repoRoot, 'dist/src/emit/search/search-module.js')).href)
  const { createLazyRegistry } = await import(pathToFileURL(join(repoRoot, 'dist/runtime/lazy.js')).href)
  const { createRegistry } = await import(pathToFileURL(join(out, 'registry.js')).href)
  const registry = createRegistry()
  const names = catalog.tools.map((tool) => tool.name)
  const texts = catalog.tools.map(engine.searchableText)
  const boost = { ...engine.defaultSearchWeights }

  const rankers = {
    'toolcat registry.search': async (query, limit) => (await registry.search(query, { limit })).map((definition) => definition.name),
    'MiniSearch 7.2.0 (prefix + fuzzy 0.2)': miniSearchContestant(names, texts, boost, { prefix: true, fuzzy: 0.2 }),
    'MiniSearch 7.2.0 (exact terms)': miniSearchContestant(names, texts, boost, {}),
    'Orama 3.1.18 (tolerance 0)': await oramaContestant(names, texts, boost, 0),
    'Orama 3.1.18 (tolerance 1)': await oramaContestant(names, texts, boost, 1),
  }
  const contestants = {}
  for (const [id, rank] of Object.entries(rankers)) {
    contestants[id] = { tuned: await quality(rank, githubQueries), heldOut: await quality(rank, heldOutQueries) }
    log(`search: ${id}: recall@1 ${contestants[id].tuned.recallAt1}, recall@5 ${contestants[id].tuned.recallAt5}, MRR ${contestants[id].tuned.mrr}`)
  }

  const indexBytes = statSync(join(out, 'search.js')).size
  const catalogBytes = statSync(join(out, 'catalog.json')).size
  const size = {
    indexBytes,
    catalogBytes,
    ratio: Math.round((indexBytes / catalogBytes) * 1000) / 1000,
    gzipIndexBytes: gzipSync(readFileSync(join(out, 'search.js'))).length,
    gzipCatalogBytes: gzipSync(readFileSync(join(out, 'catalog.json'))).length,
  }

  const rounds = Math.max(reps, 3) * 10
  const large = replicate(catalog.tools, largeSize)
  const largeIndex = engine.buildSearchIndex(large)
  const largeRegistry = createLazyRegistry(
    large.map((tool) => ({ definition: tool, load: async () => ({}) })),
    {},
    [],
    async () => largeIndex,
  )
  const latencies = {
    [tools]: await latency((query) => registry.search(query), githubQueries, rounds),
    [largeSize]: await latency((query) => largeRegistry.search(query), githubQueries, rounds),
  }
  const miniSearch = rankers['MiniSearch 7.2.0 (prefix + fuzzy 0.2)']
  const baselineLatency = { 'MiniSearch 7.2.0 (prefix + fuzzy 0.2)': await latency((query) => miniSearch(query, 5), githubQueries, rounds) }

  const indexBuildMs = {}
  for (const [count, entries] of [[tools, catalog.tools], [largeSize, large]]) {
    const times = []
    for (let rep = 0; rep < Math.max(reps, 3); rep++) {
      const start = performance.now()
      generateSearchModule({ ...catalog, tools: entries })
      times.push(performance.now() - start)
    }
    indexBuildMs[count] = Math.round(median(times) * 10) / 10
  }
  return { tools, corpus: octokitOpenapi, buildMs: Math.round(buildMs), indexBuildMs, size, contestants, latencies, baselineLatency, largeSize }
}

/** The catalog's tools repeated with renamed copies (`name__2`, …) up to `count` tools. */
function replicate(tools, count) {
  const out = []
  for (let copy = 1; out.length < count; copy++) {
    for (const tool of tools) {
      if (out.length === count) break
      out.push(copy === 1 ? tool : { ...tool, name: `${tool.name.slice(0, 58)}__${copy}` })
    }
  }
  return out
}
