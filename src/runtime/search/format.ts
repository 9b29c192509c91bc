/**
 * The search index a build writes next to the catalog (`search.js` in an outDir, `~toolcat/search`
 * in a bundler): plain JSON data, so a page, a worker or a registry can load it without importing
 * anything, and two builds of the same sources write the same bytes.
 */

/** The fields a tool is indexed by, in the order of every per-field array of the index. */
export const searchFields = ['name', 'title', 'description', 'parameters', 'parameterText', 'values'] as const

/** One indexed field: the name split into words, the title, the description, parameter names, parameter descriptions, enum and const values. */
export type SearchField = (typeof searchFields)[number]

/** Annotation bits of `SearchIndex.flags`: the annotations a search can filter by. */
export const annotationBits = { pure: 1, untrusted: 2, consequential: 4 } as const

/** The format version `search` reads; an index of another version is refused. */
export const SEARCH_INDEX_VERSION = 1

/**
 * A tool search index. Postings are compact: for each term, a flat list of groups `field, count,
 * doc deltas…` where each doc is the delta from the previous one in the group (a repeated doc, delta
 * 0, counts one more occurrence). Terms are sorted, so prefix matching is a binary search.
 */
export interface SearchIndex {
  readonly format: 'toolcat-search'
  readonly version: typeof SEARCH_INDEX_VERSION
  /** The field names, in `searchFields` order. */
  readonly fields: readonly string[]
  /** Tool names, in catalog order (sorted by name): a doc number is an index into this list. */
  readonly tools: readonly string[]
  /** Per tool, its annotations as `annotationBits`. */
  readonly flags: readonly number[]
  /** Per tool, the length in terms of each field (tools × fields, row by row). */
  readonly lengths: readonly number[]
  /** Each term's postings, by term, terms sorted. */
  readonly terms: { readonly [term: string]: readonly number[] }
}

/** One match of a search: the tool's name, its doc number in the index and its score (higher is better). */
export interface SearchHit {
  readonly name: string
  readonly doc: number
  readonly score: number
}
