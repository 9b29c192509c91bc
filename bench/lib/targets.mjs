/** The targets of issue 6, each read off the suite results and judged pass / miss. */

const atLeast = (limit) => (value) => value >= limit
const atMost = (limit) => (value) => value <= limit

function buildRatio(results, key) {
  return Object.entries(results.build?.sizes ?? {}).map(([size, entry]) => ({ size, value: entry.ratios?.[key] }))
}

function runtimeRatio(results, key) {
  return Object.entries(results.runtime?.sizes ?? {}).map(([size, entry]) => ({ size, value: entry.ratios?.[key] }))
}

function buildScaling(results, id) {
  const value = results.build?.scaling?.[id]
  return value === undefined ? [] : [{ size: '3000/1000', value }]
}

// Issue 6 sets the build targets for the full derivation; the same limits are shown against the
// catalog-only build too, because the schema generators it is compared with emit schemas only.
const builds = [
  { id: 'toolcat-full', name: 'full derivation (catalog + registry)' },
  { id: 'toolcat-catalog', name: 'catalog only (`--out`, for comparison)' },
]

const buildTargets = ({ id, name }) => [
  { label: `toolcat ${name} CPU ÷ tsc --noEmit`, limit: '≤ 0.9', sizes: ['1000', '3000'], check: atMost(0.9), values: (r) => buildRatio(r, `${id}/tsc`) },
  { label: `ts-json-schema-generator (CLI) CPU ÷ toolcat ${name}`, limit: '≥ 1.5', sizes: ['1000', '3000'], check: atLeast(1.5), values: (r) => buildRatio(r, `tsjsg-cli/${id}`) },
  { label: `typescript-json-schema CPU ÷ toolcat ${name}`, limit: '≥ 1.5', sizes: ['1000', '3000'], check: atLeast(1.5), values: (r) => buildRatio(r, `tjs/${id}`) },
  { label: `toolcat ${name} peak RSS ÷ ts-morph floor`, limit: '≤ 1.25', sizes: ['1000', '3000'], check: atMost(1.25), values: (r) => buildRatio(r, `${id}-rss/tsmorph-floor-rss`) },
  { label: `toolcat ${name} CPU at 3,000 ÷ at 1,000`, limit: '≤ 2.0', sizes: ['3000/1000'], check: atMost(2), values: (r) => buildScaling(r, id) },
]

// Each build target is followed by its catalog-only row, so the two read side by side.
const [full, catalog] = builds.map(buildTargets)

/**
 * Each target: `label`, `limit` (as printed), the sizes it is defined at (`sizes`; others are shown
 * for information), `check(value, size)` and `values(results)` → `{ size, value }[]`.
 */
export const targets = [
  ...full.flatMap((target, i) => [target, catalog[i]]),
  { label: 'one-file incremental update, median ms', limit: '≤ 200', sizes: ['1000'], check: atMost(200), values: (r) => (r.incremental?.updateMs ? [{ size: String(r.incremental.size), value: r.incremental.updateMs.median }] : []) },
  { label: 'lazy list + first call CPU ÷ node -e', limit: '≤ 2.0', sizes: ['1000', '3000'], check: atMost(2), values: (r) => runtimeRatio(r, 'lazy/node-e') },
  { label: 'eager import CPU ÷ lazy list + first call', limit: '≥ 4 (1,000) / ≥ 6 (3,000)', sizes: ['1000', '3000'], check: (value, size) => value >= (size === '3000' ? 6 : 4), values: (r) => runtimeRatio(r, 'eager/lazy') },
]

/** Returns one row per target and measured size: `{ label, limit, size, value, verdict }`. */
export function judge(results) {
  return targets.flatMap((target) => {
    const measured = target.values(results).filter((entry) => entry.value !== undefined)
    if (!measured.length) return [{ label: target.label, limit: target.limit, size: '—', value: undefined, verdict: 'not measured' }]
    return measured.map(({ size, value }) => ({
      label: target.label,
      limit: target.limit,
      size,
      value,
      verdict: target.sizes.includes(size) ? (target.check(value, size) ? 'pass' : 'miss') : 'info (no target at this size)',
    }))
  })
}
