import { annotationBits, SEARCH_INDEX_VERSION, type SearchField, type SearchHit, type SearchIndex } from './format.js'
import { indexStats } from './postings.js'
import { parseQuery } from './query.js'

/** Annotations a search keeps or leaves out: each one given must equal the tool's (absent reads as false). */
export type SearchFilter = { readonly pure?: boolean; readonly untrusted?: boolean; readonly consequential?: boolean }

/** How `search` ranks and what it returns. */
export interface SearchOptions {
  /** @default 5 */
  readonly limit?: number
  readonly filter?: SearchFilter
  /** BM25F field weights, replacing the defaults field by field. */
  readonly weights?: Partial<Record<SearchField, number>>
}

/**
 * BM25F field weights and length normalisation: a word in a tool's name or title says more than
 * one in its description; a parameter's description says least. Measured on the GitHub bench.
 */
/** The default BM25F field weights (the bench gives the libraries it compares with the same boosts). */
export const defaultSearchWeights: Readonly<Record<SearchField, number>> = { name: 3, title: 4, description: 0.2, parameters: 0.5, parameterText: 0.3, values: 0.6 }
const lengthNormalisation: Readonly<Record<SearchField, number>> = { name: 0.9, title: 0.9, description: 0.75, parameters: 0.6, parameterText: 0.75, values: 0.75 }
const k1 = 8
/** How much a doc matching every concept of a query gains over one matching a single concept. */
const coordination = 1

/**
 * Ranks an index's tools for a query, best first (ties in index order): BM25F over the indexed
 * fields, each query concept scoring its best term (the word, its family, its completions). Pure,
 * browser-safe, synchronous; the index's statistics are derived on its first search.
 */
export function search(index: SearchIndex, query: string, options: SearchOptions = {}): SearchHit[] {
  if (index.format !== 'toolcat-search' || index.version !== SEARCH_INDEX_VERSION) {
    throw new TypeError(`not a toolcat search index of version ${SEARCH_INDEX_VERSION}`)
  }
  const limit = options.limit ?? 5
  if (limit <= 0) return []
  const stats = indexStats(index)
  const weights = index.fields.map((field) => options.weights?.[field as SearchField] ?? defaultSearchWeights[field as SearchField] ?? 1)
  const normalisation = index.fields.map((field) => lengthNormalisation[field as SearchField] ?? 0.75)
  const groups = parseQuery(query, stats)
  const scores = new Map<number, number>()
  const matched = new Map<number, number>()
  for (const group of groups) {
    const best = new Map<number, number>()
    // A family member or completion weighs no more than the query's own word would: a rare
    // synonym must not outrank the word the user typed.
    const ownIdf = idfOf(stats.postings(group.root)?.docs.length, stats.docCount)
    for (const [term, termWeight] of group.terms) {
      const postings = stats.postings(term)
      if (postings === undefined) continue
      const idf = term === group.root || ownIdf === undefined ? (idfOf(postings.docs.length, stats.docCount) as number) : Math.min(ownIdf, idfOf(postings.docs.length, stats.docCount) as number)
      postings.docs.forEach((doc, row) => {
        let tf = 0
        for (let field = 0; field < stats.fieldCount; field++) {
          const count = postings.counts[row * stats.fieldCount + field] as number
          if (count === 0) continue
          const length = index.lengths[doc * stats.fieldCount + field] as number
          const b = normalisation[field] as number
          tf += ((weights[field] as number) * count) / (1 - b + (b * length) / (stats.averageLengths[field] as number))
        }
        const score = termWeight * idf * (tf / (k1 + tf))
        if (score > (best.get(doc) ?? 0)) best.set(doc, score)
      })
    }
    for (const [doc, score] of best) {
      scores.set(doc, (scores.get(doc) ?? 0) + score)
      matched.set(doc, (matched.get(doc) ?? 0) + 1)
    }
  }
  const required = filterBits(options.filter)
  const hits: SearchHit[] = []
  for (const [doc, score] of scores) {
    if (required !== undefined && ((index.flags[doc] as number) & required.mask) !== required.value) continue
    const coverage = (matched.get(doc) as number) / groups.length
    hits.push({ name: index.tools[doc] as string, doc, score: score * (1 + coordination * coverage) })
  }
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc)
  return hits.slice(0, limit)
}

/** Whether annotations pass a filter (each annotation the filter names must be equal; absent reads as false). */
export function matchesFilter(annotations: SearchFilter | undefined, filter: SearchFilter | undefined): boolean {
  if (filter === undefined) return true
  return Object.keys(annotationBits).every((name) => {
    const wanted = filter[name as keyof SearchFilter]
    return wanted === undefined || wanted === (annotations?.[name as keyof SearchFilter] === true)
  })
}

function idfOf(df: number | undefined, docCount: number): number | undefined {
  return df === undefined ? undefined : Math.log(1 + (docCount - df + 0.5) / (df + 0.5))
}

function filterBits(filter: SearchFilter | undefined): { mask: number; value: number } | undefined {
  if (filter === undefined) return undefined
  let mask = 0
  let value = 0
  for (const [name, bit] of Object.entries(annotationBits)) {
    const wanted = filter[name as keyof SearchFilter]
    if (wanted === undefined) continue
    mask |= bit
    if (wanted) value |= bit
  }
  return mask === 0 ? undefined : { mask, value }
}
