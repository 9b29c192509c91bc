import { spellOut } from './vocabulary.js'
import { splitWords, stem, stopWords } from './words.js'

/**
 * The terms of a text as the index stores them: words split identifier-aware, abbreviations
 * spelled out, stop words dropped, stemmed. Query terms go through the same steps.
 */
export function terms(text: string): string[] {
  const out: string[] = []
  for (const word of splitWords(text)) {
    for (const spelled of spellOut(word).split(' ')) {
      if (!stopWords.has(spelled)) out.push(stem(spelled))
    }
  }
  return out
}
