/** Summary statistics over repeated measurements. */

/** Returns the median of a non-empty list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Returns `{ median, min, max }` of a non-empty list of numbers. */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
}

/** Returns the median of per-repetition ratios a[i] / b[i]: the paired comparison of two contestants. */
export function pairedRatio(a, b) {
  const count = Math.min(a.length, b.length)
  const ratios = []
  for (let i = 0; i < count; i++) if (b[i] > 0) ratios.push(a[i] / b[i])
  return ratios.length ? median(ratios) : undefined
}

/** Rounds to three decimals for reports. */
export function round(value) {
  return value === undefined ? undefined : Math.round(value * 1000) / 1000
}
