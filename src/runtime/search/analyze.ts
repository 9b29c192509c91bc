import { spellOut } from './vocabulary.js'
import { splitWords, stem, stopWords } from './words.js'

/** Each word's terms, kept: a catalog repeats its words, and stemming each again costs most of a build. */
const analysed = new Map<string, readonly string[]>()
const maxKept = 100_000

/**
 * The terms of a text as the index stores them: words split identifier-aware, abbreviations
 * spelled out, stop words dropped, stemmed. Query terms go through the same steps.
 */
export function terms(text: string): string[] {
  const out: string[] = []
  for (const word of splitWords(text)) {
    let wordTerms = analysed.get(word)
    if (wordTerms === undefined) {
      wordTerms = spellOut(word)
        .split(' ')
        .filter((spelled) => !stopWords.has(spelled))
        .map(stem)
      if (analysed.size < maxKept) analysed.set(word, wordTerms)
    }
    for (const term of wordTerms) out.push(term)
  }
  return out
}
