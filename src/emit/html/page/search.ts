import type { CatalogTool } from '../../../runtime/catalog.js'
import { buildSearchIndex } from '../../../runtime/search/build-index.js'
import type { SearchIndex } from '../../../runtime/search/format.js'
import { search } from '../../../runtime/search/search.js'
import { propertiesOf } from './schema-read.js'

/**
 * The page's search seam: a query in, the names of the matching tools out, best first. The page
 * shows exactly these tools in this order (all of them, in catalog order, for an empty query).
 * A ranked search index plugs in here; `plainFilter` is the fallback.
 */
export type ToolSearch = (query: string) => readonly string[]

/** A list narrows to the tools scoring at least this share of the best one: a ranking's long tail (one common word matched) is noise in a filtered list. */
const SHOWN_SCORE_SHARE = 0.3

/**
 * The page's default search: the ranking of `registry.search` (BM25F over names split into words,
 * titles, descriptions, parameters and enum values, with the vocabulary of APIs), its index built
 * from the page's catalog on the first query; where it finds nothing, the plain filter answers.
 */
export function rankedSearch(tools: readonly CatalogTool[]): ToolSearch {
  const plain = plainFilter(tools)
  let index: SearchIndex | undefined
  return (query) => {
    if (query.trim() === '') return plain(query)
    index ??= buildSearchIndex(tools)
    const hits = search(index, query, { limit: tools.length })
    const best = hits[0]?.score ?? 0
    const names = hits.filter((hit) => hit.score >= best * SHOWN_SCORE_SHARE).map((hit) => hit.name)
    return names.length > 0 ? names : plain(query)
  }
}

/**
 * A plain filter: every word of the query must occur (case-insensitively) in the tool's name,
 * title, description or parameter names; tools whose name or title contain a word come first,
 * otherwise catalog order is kept.
 */
export function plainFilter(tools: readonly Pick<CatalogTool, 'name' | 'title' | 'description' | 'parameters'>[]): ToolSearch {
  const haystacks = tools.map((tool) => ({
    name: tool.name,
    head: `${tool.name} ${tool.name.replace(/[_-]/g, ' ')} ${tool.title ?? ''}`.toLowerCase(),
    body: `${tool.description ?? ''} ${propertiesOf(tool.parameters).map(([name]) => name).join(' ')}`.toLowerCase(),
  }))
  return (query) => {
    const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '')
    if (words.length === 0) return haystacks.map((tool) => tool.name)
    const matches = haystacks.filter((tool) => words.every((word) => tool.head.includes(word) || tool.body.includes(word)))
    const inHead = (tool: (typeof haystacks)[number]) => (words.some((word) => tool.head.includes(word)) ? 0 : 1)
    return matches.map((tool, order) => ({ tool, order })).sort((a, b) => inHead(a.tool) - inHead(b.tool) || a.order - b.order).map(({ tool }) => tool.name)
  }
}
