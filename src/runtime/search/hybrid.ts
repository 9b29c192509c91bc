import type { ToolDefinition } from '../types.js'

/** A lexical hit handed to a host's `rank` hook: the tool's definition and its BM25F score. */
export interface SearchCandidate {
  readonly name: string
  readonly score: number
  readonly definition: ToolDefinition
}

/** Reorders candidates (e.g. with a cross-encoder): returns their names best first; names left out are dropped. */
export type RankHook = (query: string, candidates: readonly SearchCandidate[]) => readonly string[] | Promise<readonly string[]>

/** Embeds texts as vectors (one per text, same dimension): the query's and each tool's, compared by cosine. */
export type EmbedHook = (texts: readonly string[]) => readonly (readonly number[])[] | Promise<readonly (readonly number[])[]>

/** Rank fusion's constant: the usual 60, so no single list's top ranks dominate. */
const fusionConstant = 60

/** The text of a tool that an embedding model reads: name, title and description. */
export function embeddingText(definition: ToolDefinition): string {
  return [definition.name, definition.title, definition.description].filter((part) => part !== undefined).join('\n')
}

/**
 * Fuses a lexical ranking with the cosine ranking of every tool's embedding against the query's
 * (reciprocal rank fusion): a tool the words miss but the meaning finds still reaches the top.
 */
export function fuseRankings(lexical: readonly string[], names: readonly string[], vectors: readonly (readonly number[])[], query: readonly number[]): string[] {
  const semantic = names.map((name, at) => ({ name, similarity: cosine(query, vectors[at] ?? []) })).sort((a, b) => b.similarity - a.similarity)
  const fused = new Map<string, number>()
  const add = (name: string, rank: number) => fused.set(name, (fused.get(name) ?? 0) + 1 / (fusionConstant + rank + 1))
  lexical.forEach(add)
  semantic.forEach((entry, rank) => {
    if (entry.similarity > 0) add(entry.name, rank)
  })
  return [...fused.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name)
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let normA = 0
  let normB = 0
  for (let at = 0; at < Math.min(a.length, b.length); at++) {
    dot += (a[at] as number) * (b[at] as number)
    normA += (a[at] as number) ** 2
    normB += (b[at] as number) ** 2
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB)
}
