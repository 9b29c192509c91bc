import { annotationBits, SEARCH_INDEX_VERSION, type SearchField, type SearchHit, type SearchIndex } from './format.js'
import { indexStats, type TermPostings } from './postings.js'
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
  const saturation = saturationOf(index, weights)
  const groups = parseQuery(query, stats)
  // Typed arrays by doc rather than maps: a query over 10,000 tools touches most of them.
  const scores = new Float64Array(stats.docCount)
  const matched = new Uint16Array(stats.docCount)
  const best = new Float64Array(stats.docCount)
  const touched: number[] = []
  for (const group of groups) {
    const reached: number[] = []
    // A family member or completion weighs no more than the query's own word would: a rare
    // synonym must not outrank the word the user typed.
    const ownIdf = idfOf(stats.postings(group.root)?.docs.length, stats.docCount)
    for (const [term, termWeight] of group.terms) {
      const postings = stats.postings(term)
      if (postings === undefined) continue
      const termIdf = idfOf(postings.docs.length, stats.docCount) as number
      const weight = termWeight * (term === group.root || ownIdf === undefined ? termIdf : Math.min(ownIdf, termIdf))
      const saturated = saturation(term, postings)
      const docs = postings.docs
      for (let row = 0; row < docs.length; row++) {
        const doc = docs[row] as number
        const score = weight * (saturated[row] as number)
        if (best[doc] === 0) reached.push(doc)
        if (score > (best[doc] as number)) best[doc] = score
      }
    }
    for (const doc of reached) {
      if (scores[doc] === 0) touched.push(doc)
      scores[doc] = (scores[doc] as number) + (best[doc] as number)
      matched[doc] = (matched[doc] as number) + 1
      best[doc] = 0
    }
  }
  const required = filterBits(options.filter)
  const hits: SearchHit[] = []
  for (const doc of touched) {
    if (required !== undefined && ((index.flags[doc] as number) & required.mask) !== required.value) continue
    const score = (scores[doc] as number) * (1 + (coordination * (matched[doc] as number)) / groups.length)
    keepBest(hits, { name: index.tools[doc] as string, doc, score }, limit)
  }
  return hits
}

/** Whether annotations pass a filter (each annotation the filter names must be equal; absent reads as false). */
export function matchesFilter(annotations: SearchFilter | undefined, filter: SearchFilter | undefined): boolean {
  if (filter === undefined) return true
  return Object.keys(annotationBits).every((name) => {
    const wanted = filter[name as keyof SearchFilter]
    return wanted === undefined || wanted === (annotations?.[name as keyof SearchFilter] === true)
  })
}

/** Inserts a hit into the best `limit` so far (best first, ties by doc), dropping the worst beyond the limit. */
function keepBest(hits: SearchHit[], hit: SearchHit, limit: number): void {
  if (hits.length === limit && !better(hit, hits[limit - 1] as SearchHit)) return
  let at = hits.length
  while (at > 0 && better(hit, hits[at - 1] as SearchHit)) at--
  hits.splice(at, 0, hit)
  if (hits.length > limit) hits.pop()
}

function better(a: SearchHit, b: SearchHit): boolean {
  return a.score > b.score || (a.score === b.score && a.doc < b.doc)
}

const saturations = new WeakMap<SearchIndex, Map<string, (term: string, postings: TermPostings) => Float64Array>>()

/**
 * Per term, each doc's saturated BM25F frequency for the given field weights, computed on the
 * term's first use and kept with the index: a query then only multiplies by the term's weight.
 */
function saturationOf(index: SearchIndex, weights: readonly number[]): (term: string, postings: TermPostings) => Float64Array {
  let byWeights = saturations.get(index)
  if (byWeights === undefined) saturations.set(index, (byWeights = new Map()))
  const key = weights.join(',')
  let saturation = byWeights.get(key)
  if (saturation !== undefined) return saturation
  const stats = indexStats(index)
  const normalisation = index.fields.map((field) => lengthNormalisation[field as SearchField] ?? 0.75)
  const cache = new Map<string, Float64Array>()
  saturation = (term, postings) => {
    let values = cache.get(term)
    if (values !== undefined) return values
    values = new Float64Array(postings.docs.length)
    postings.docs.forEach((doc, row) => {
      let tf = 0
      for (let field = 0; field < stats.fieldCount; field++) {
        const count = postings.counts[row * stats.fieldCount + field] as number
        if (count === 0) continue
        const length = index.lengths[doc * stats.fieldCount + field] as number
        const b = normalisation[field] as number
        tf += ((weights[field] as number) * count) / (1 - b + (b * length) / (stats.averageLengths[field] as number))
      }
      ;(values as Float64Array)[row] = tf / (k1 + tf)
    })
    cache.set(term, values)
    return values
  }
  byWeights.set(key, saturation)
  return saturation
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
