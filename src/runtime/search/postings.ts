import type { SearchIndex } from './format.js'

/** A term's postings decoded: the docs holding it, ascending, and per doc its count in each field. */
export interface TermPostings {
  readonly docs: readonly number[]
  /** Counts, docs × fields, row by row. */
  readonly counts: readonly number[]
}

/** What search derives once per index: field statistics, the sorted term list, decoded postings. */
export interface IndexStats {
  readonly fieldCount: number
  readonly docCount: number
  readonly averageLengths: readonly number[]
  readonly sortedTerms: readonly string[]
  postings(term: string): TermPostings | undefined
}

const statsOf = new WeakMap<SearchIndex, IndexStats>()

/** The statistics of an index, derived on its first search and kept while the index lives. */
export function indexStats(index: SearchIndex): IndexStats {
  let stats = statsOf.get(index)
  if (stats === undefined) statsOf.set(index, (stats = deriveStats(index)))
  return stats
}

function deriveStats(index: SearchIndex): IndexStats {
  const fieldCount = index.fields.length
  const docCount = index.tools.length
  const totals = new Array<number>(fieldCount).fill(0)
  index.lengths.forEach((length, position) => {
    const field = position % fieldCount
    totals[field] = (totals[field] as number) + length
  })
  const averageLengths = totals.map((total) => Math.max(total / Math.max(docCount, 1), 1))
  const decoded = new Map<string, TermPostings | undefined>()
  return {
    fieldCount,
    docCount,
    averageLengths,
    // Written sorted by the build; sorted again for an index made by other means.
    sortedTerms: Object.keys(index.terms).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    postings(term) {
      if (!decoded.has(term)) decoded.set(term, Object.hasOwn(index.terms, term) ? decode(index.terms[term] as readonly number[], fieldCount) : undefined)
      return decoded.get(term)
    },
  }
}

function decode(encoded: readonly number[], fieldCount: number): TermPostings {
  const row = new Map<number, number[]>()
  for (let at = 0; at < encoded.length; ) {
    const field = encoded[at++] as number
    const count = encoded[at++] as number
    let doc = 0
    for (let i = 0; i < count; i++) {
      doc += encoded[at++] as number
      let counts = row.get(doc)
      if (counts === undefined) row.set(doc, (counts = new Array<number>(fieldCount).fill(0)))
      counts[field] = (counts[field] as number) + 1
    }
  }
  const docs = [...row.keys()].sort((a, b) => a - b)
  return { docs, counts: docs.flatMap((doc) => row.get(doc) as number[]) }
}

/** The terms starting with `prefix` (at most `max`), by binary search in the sorted list. */
export function termsWithPrefix(sorted: readonly string[], prefix: string, max: number): string[] {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] as string) < prefix) low = middle + 1
    else high = middle
  }
  const found: string[] = []
  for (let at = low; at < sorted.length && found.length < max && (sorted[at] as string).startsWith(prefix); at++) found.push(sorted[at] as string)
  return found
}
