import type { ToolDefinition } from '../types.js'
import { buildSearchIndex } from './build-index.js'
import type { SearchIndex } from './format.js'
import { embeddingText, fuseRankings, type EmbedHook, type RankHook } from './hybrid.js'
import { matchesFilter, search, type SearchOptions } from './search.js'

/** What `registry.search` takes: `search`'s options plus a host's hooks for a hybrid ranking. */
export interface RegistrySearchOptions extends SearchOptions {
  /** Reranks the lexical candidates (after `embed`'s fusion when both are given). */
  readonly rank?: RankHook
  /** Embeds the query and every tool (the tools once per hook): the ranking fuses lexical and semantic ranks. */
  readonly embed?: EmbedHook
  /** How many lexical hits the hooks see. @default four times the limit, at least 20 */
  readonly candidates?: number
}

/** Loads a prebuilt index: a generated registry imports its `search.js` (or `~toolcat/search`) on the first search. */
export type SearchIndexSource = () => Promise<SearchIndex | { readonly default: SearchIndex }>

/** The registry a search reads: its definitions, by name and all, and a count of its changes. */
export interface SearchedRegistry {
  definitions(): readonly ToolDefinition[]
  definition(name: string): ToolDefinition | undefined
  /** Grows whenever a tool is added or removed: the tools searched are listed again only then. */
  version(): number
}

/**
 * `registry.search`: the prebuilt index when the registry holds exactly its tools, else one built
 * from the registry's definitions (again only after tools are added or removed); definitions of
 * the hits, best first.
 * Reads definitions only: no tool module is imported.
 */
export function createRegistrySearch(registry: SearchedRegistry, source?: SearchIndexSource) {
  let prebuilt: Promise<SearchIndex | undefined> | undefined
  let current: { readonly version: number; readonly definitions: readonly ToolDefinition[]; readonly index: SearchIndex } | undefined
  const embedded = new WeakMap<EmbedHook, Promise<{ names: string[]; vectors: readonly (readonly number[])[] }>>()

  async function searched(): Promise<{ readonly definitions: readonly ToolDefinition[]; readonly index: SearchIndex }> {
    prebuilt ??= source === undefined ? Promise.resolve(undefined) : source().then((loaded) => ('default' in loaded ? loaded.default : loaded))
    const index = await prebuilt
    const version = registry.version()
    if (current?.version === version) return current
    const definitions = registry.definitions()
    const names = definitions.map((definition) => definition.name)
    const same = index !== undefined && index.tools.length === names.length && index.tools.every((name, at) => name === names[at])
    current = { version, definitions, index: same ? index : buildSearchIndex(definitions) }
    return current
  }

  return async function searchRegistry(query: string, options: RegistrySearchOptions = {}): Promise<ToolDefinition[]> {
    const limit = options.limit ?? 5
    const { definitions, index } = await searched()
    const hooked = options.rank !== undefined || options.embed !== undefined
    const pool = hooked ? (options.candidates ?? Math.max(limit * 4, 20)) : limit
    const hits = search(index, query, { ...options, limit: pool })
    let names = hits.map((hit) => hit.name)
    if (options.embed !== undefined) {
      let vectors = embedded.get(options.embed)
      if (vectors === undefined) {
        const texts = definitions.map(embeddingText)
        vectors = Promise.resolve(options.embed(texts)).then((result) => ({ names: definitions.map((definition) => definition.name), vectors: result }))
        embedded.set(options.embed, vectors)
      }
      const tools = await vectors
      const [queryVector] = await options.embed([query])
      names = fuseRankings(names, tools.names, tools.vectors, queryVector ?? []).slice(0, pool)
    }
    if (options.rank !== undefined) {
      const scores = new Map(hits.map((hit) => [hit.name, hit.score]))
      const candidates = names.flatMap((name) => {
        const definition = registry.definition(name)
        return definition === undefined ? [] : [{ name, score: scores.get(name) ?? 0, definition }]
      })
      const known = new Set(names)
      names = (await options.rank(query, candidates)).filter((name) => known.has(name))
    }
    const found = names.flatMap((name) => {
      const definition = registry.definition(name)
      return definition === undefined || !matchesFilter(definition.annotations, options.filter) ? [] : [definition]
    })
    return found.slice(0, limit)
  }
}
