/**
 * The candidate a mistyped name most likely meant: one differing only in case first (`outdir` →
 * `outDir`), else the closest by edit distance when it is close enough to be a typo (at most a
 * third of the name's letters, two at most), else none.
 */
export function nearestName(typed: string, candidates: readonly string[]): string | undefined {
  const folded = typed.toLowerCase()
  const sameLetters = candidates.find((candidate) => candidate.toLowerCase() === folded)
  if (sameLetters !== undefined) return sameLetters
  let best: string | undefined
  let bestDistance = Math.min(2, Math.floor(typed.length / 3))
  for (const candidate of candidates) {
    const distance = editDistance(folded, candidate.toLowerCase())
    if (distance <= bestDistance && (best === undefined || distance < bestDistance)) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** Levenshtein distance with adjacent transpositions (`--ouptut` is one slip, not two). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[]
      const above = rows[i - 1] as number[]
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, (rows[i - 2] as number[])[j - 2] as number + 1)
      row[j] = distance
    }
  }
  return (rows[a.length] as number[])[b.length] as number
}
