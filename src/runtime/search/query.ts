import { familyMembers, familyWeight, spellOut } from './vocabulary.js'
import { splitWords, stem, stopWords } from './words.js'
import { termsWithPrefix, type IndexStats } from './postings.js'

/** One concept of a query: the terms that stand for it, each with its weight; a doc scores its best. */
export interface QueryGroup {
  /** The query's own word, stemmed. */
  readonly root: string
  readonly terms: ReadonlyMap<string, number>
}

/** How much a completion of a word the index does not hold counts (`collab` finding collaborator). */
const prefixWeight = 0.6
const maxCompletions = 12

/**
 * A query's concepts: each word spelled out, stemmed, widened by its verb family, and completed
 * by prefix when the index does not hold it; stop words and repeats dropped.
 */
export function parseQuery(query: string, stats: IndexStats): QueryGroup[] {
  const groups: QueryGroup[] = []
  const seen = new Set<string>()
  for (const word of splitWords(query)) {
    for (const spelled of spellOut(word).split(' ')) {
      if (stopWords.has(spelled)) continue
      const root = stem(spelled)
      if (seen.has(root)) continue
      seen.add(root)
      const terms = new Map<string, number>([[root, 1]])
      if (stats.postings(root) === undefined && root.length >= 3) {
        for (const completion of termsWithPrefix(stats.sortedTerms, root, maxCompletions)) terms.set(completion, prefixWeight)
      }
      for (const member of familyMembers(root)) if (!terms.has(member)) terms.set(member, familyWeight)
      groups.push({ root, terms })
    }
  }
  return groups
}
