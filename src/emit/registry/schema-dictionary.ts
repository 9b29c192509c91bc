import { tokenCodes } from '../../runtime/lazy/lazy-schema.js'

/** A packed table's entries with their most repeated tokens coded, and the tokens in code order. */
export interface CodedEntries {
  readonly tokens: readonly string[]
  readonly entries: readonly string[]
}

/** The tokens of JSON text outside its strings that a code can stand for: strings (a key with its colon) and literals. */
const jsonToken = /"(?:[^"\\]|\\.)*":?|true|false|null/g

/**
 * Codes the tokens that save the most characters across a packed table's entries (JSON texts with
 * fragment references), one character each from `tokenCodes` (see `packedReader`), so the
 * registry's source is shorter to scan at start-up: ~half the schema text of the bench's corpora.
 * A token is coded only when its occurrences save more than its place in the dictionary costs;
 * ties are broken by the token's text, so the same entries always give the same table.
 */
export function codeRepeatedTokens(entries: readonly string[]): CodedEntries {
  const counts = new Map<string, number>()
  for (const entry of entries) for (const [token] of entry.matchAll(jsonToken)) counts.set(token, (counts.get(token) ?? 0) + 1)
  // Each occurrence saves its length but one; the dictionary holds the token as a JSON string.
  const saving = (token: string, count: number): number => count * (token.length - 1) - JSON.stringify(token).length - 1
  const tokens = [...counts]
    .filter(([token, count]) => saving(token, count) > 0)
    .sort(([a, m], [b, n]) => saving(b, n) - saving(a, m) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, tokenCodes.length)
    .map(([token]) => token)
  if (tokens.length === 0) return { tokens, entries }
  const codes = new Map(tokens.map((token, at) => [token, tokenCodes[at]!]))
  return { tokens, entries: entries.map((entry) => entry.replace(jsonToken, (token) => codes.get(token) ?? token)) }
}
