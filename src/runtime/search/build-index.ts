import { annotationBits, SEARCH_INDEX_VERSION, searchFields, type SearchIndex } from './format.js'
import { terms } from './analyze.js'
import { toolText, type SearchableTool } from './tool-text.js'

/**
 * Builds the search index of tools (in the order given: a catalog's, sorted by name). Pure and
 * browser-safe: the build writes its result as `search.js`, and a registry without one builds it
 * from its definitions on its first search. Same tools, same index, key for key.
 */
export function buildSearchIndex(tools: readonly SearchableTool[]): SearchIndex {
  const postings = new Map<string, number[][]>()
  const lengths: number[] = []
  const flags: number[] = []
  tools.forEach((tool, doc) => {
    const text = toolText(tool)
    flags.push(annotationFlags(tool.annotations))
    searchFields.forEach((field, fieldIndex) => {
      const fieldTerms = text[field].flatMap(terms)
      lengths.push(fieldTerms.length)
      for (const term of fieldTerms) {
        let groups = postings.get(term)
        if (groups === undefined) postings.set(term, (groups = searchFields.map(() => [])))
        ;(groups[fieldIndex] as number[]).push(doc)
      }
    })
  })
  const sorted = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const encoded: Record<string, number[]> = {}
  for (const term of sorted) encoded[term] = encodePostings(postings.get(term) as number[][])
  return { format: 'toolcat-search', version: SEARCH_INDEX_VERSION, fields: [...searchFields], tools: tools.map((tool) => tool.name), flags, lengths, terms: encoded }
}

/** Per field with occurrences: field, count, then the docs as deltas (docs ascend; a repeat is delta 0). */
function encodePostings(groups: readonly number[][]): number[] {
  const out: number[] = []
  groups.forEach((docs, field) => {
    if (docs.length === 0) return
    out.push(field, docs.length)
    let previous = 0
    for (const doc of docs) {
      out.push(doc - previous)
      previous = doc
    }
  })
  return out
}

function annotationFlags(annotations: SearchableTool['annotations']): number {
  let bits = 0
  for (const [name, bit] of Object.entries(annotationBits)) if (annotations?.[name as keyof typeof annotationBits] === true) bits |= bit
  return bits
}
