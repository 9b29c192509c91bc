/**
 * The off-the-shelf search libraries the search suite compares toolcat with, each indexing the
 * same fields of the same tools (the text toolcat's index reads: name, title, description,
 * parameter names, parameter descriptions, enum values) with the same field boosts; each in two
 * configurations (with and without typo tolerance), so neither is judged on a poor choice.
 */
import MiniSearch from 'minisearch'
import { create, insertMultiple, search as oramaSearch } from '@orama/orama'

/** One tool's text per field, joined: what both libraries index. */
function documents(fieldTexts) {
  return fieldTexts.map((fields, id) => ({ id: String(id), ...Object.fromEntries(Object.entries(fields).map(([field, texts]) => [field, texts.join(' ')])) }))
}

/** MiniSearch over the fields with `searchOptions` (e.g. prefix and fuzzy); returns `query → names` ranked. */
export function miniSearchContestant(names, fieldTexts, boost, searchOptions) {
  const fields = Object.keys(boost)
  const index = new MiniSearch({ fields, idField: 'id', searchOptions: { boost, ...searchOptions } })
  index.addAll(documents(fieldTexts))
  return (query, limit) => index.search(query).slice(0, limit).map((hit) => names[Number(hit.id)])
}

/** Orama over the fields (its BM25), same boosts, typo `tolerance`; returns `query → names` ranked. */
export async function oramaContestant(names, fieldTexts, boost, tolerance) {
  const schema = Object.fromEntries(Object.keys(boost).map((field) => [field, 'string']))
  const db = create({ schema })
  await insertMultiple(db, documents(fieldTexts))
  return async (query, limit) => {
    const result = await oramaSearch(db, { term: query, properties: Object.keys(boost), boost, limit, tolerance })
    return result.hits.map((hit) => names[Number(hit.id)])
  }
}
