/** The targets of issues 6, 16, 23 and 26, each read off the suite results and judged pass / miss. */

const atLeast = (limit) => (value) => value >= limit
const atMost = (limit) => (value) => value <= limit

function buildRatio(results, key) {
  return Object.entries(results.build?.sizes ?? {}).map(([size, entry]) => ({ size, value: entry.ratios?.[key] }))
}

function runtimeRatio(results, key) {
  return Object.entries(results.runtime?.sizes ?? {}).map(([size, entry]) => ({ size, value: entry.ratios?.[key] }))
}

function mcpRatio(results, key) {
  return Object.entries(results.mcp?.sizes ?? {}).map(([size, entry]) => ({ size, value: entry.ratios?.[key] }))
}

function buildScaling(results, id) {
  const value = results.build?.scaling?.[id]
  return value === undefined ? [] : [{ size: '3000/1000', value }]
}

// Issue 6 sets the build targets for the full derivation; the same limits are shown against the
// catalog-only build too, because the schema generators it is compared with emit schemas only.
// These are the ts-morph builds (TypeScript 6, compared with TypeScript 6's tsc).
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

// Issue 16: the native TypeScript 7 checker, compared with TypeScript 7's own tsc --noEmit (a TS 7
// user's type check), and each full build with the catalog-only build of its checker.
const nativeTargets = [
  { label: 'native catalog CPU ÷ native tsc --noEmit (TS 7)', limit: '≤ 2.0', sizes: ['1000', '3000'], check: atMost(2), values: (r) => buildRatio(r, 'toolcat-native-catalog/tsc7') },
  { label: 'native full `--outDir` build CPU ÷ native tsc --noEmit (TS 7)', limit: '≤ 3.0', sizes: ['1000', '3000'], check: atMost(3), values: (r) => buildRatio(r, 'toolcat-native-full/tsc7') },
  { label: 'ts-morph full build CPU ÷ tsc --noEmit (TS 6)', limit: '≤ 1.5', sizes: ['1000', '3000'], check: atMost(1.5), values: (r) => buildRatio(r, 'toolcat-full/tsc') },
  { label: 'ts-morph full build CPU ÷ ts-morph catalog build', limit: '≤ 1.5', sizes: ['1000', '3000'], check: atMost(1.5), values: (r) => buildRatio(r, 'toolcat-full/toolcat-catalog') },
  { label: 'native full build CPU ÷ native catalog build', limit: '≤ 1.5', sizes: ['1000', '3000'], check: atMost(1.5), values: (r) => buildRatio(r, 'toolcat-native-full/toolcat-native-catalog') },
  { label: 'native catalog CPU at 3,000 ÷ at 1,000', limit: '≤ 2.5', sizes: ['3000/1000'], check: atMost(2.5), values: (r) => buildScaling(r, 'toolcat-native-catalog') },
  { label: 'native full build CPU at 3,000 ÷ at 1,000', limit: '≤ 2.5', sizes: ['3000/1000'], check: atMost(2.5), values: (r) => buildScaling(r, 'toolcat-native-full') },
  {
    label: 'one-file incremental update on the native checker, median ms',
    limit: '≤ 50',
    sizes: ['1000'],
    check: atMost(50),
    values: (r) => (r.incremental?.native?.updateMs ? [{ size: String(r.incremental.size), value: r.incremental.native.updateMs.median }] : []),
  },
]

function rebuildRatio(results, key) {
  return Object.entries(results.rebuild?.sizes ?? {}).map(([size, entry]) => ({ size, value: entry.ratios?.[key] }))
}

// Issue 26: the rows of its table, each with the limit it set.
export const issue26Targets = [
  { label: 'issue 26: lazy list + first call CPU ÷ node -e', limit: '≤ 1.3 (1,000) / ≤ 1.6 (3,000)', sizes: ['1000', '3000'], check: (value, size) => value <= (size === '3000' ? 1.6 : 1.3), values: (r) => runtimeRatio(r, 'lazy/node-e') },
  { label: 'issue 26: native catalog CPU ÷ native tsc --noEmit (TS 7)', limit: '≤ 3.5', sizes: ['1000'], check: atMost(3.5), values: (r) => buildRatio(r, 'toolcat-native-catalog/tsc7') },
  { label: 'issue 26: native full `--outDir` build CPU ÷ native tsc --noEmit (TS 7)', limit: '≤ 6', sizes: ['1000'], check: atMost(6), values: (r) => buildRatio(r, 'toolcat-native-full/tsc7') },
  { label: 'issue 26: ts-morph full build CPU ÷ tsc --noEmit (TS 6)', limit: '≤ 2.0', sizes: ['1000'], check: atMost(2), values: (r) => buildRatio(r, 'toolcat-full/tsc') },
  { label: 'issue 26: `build --outDir` again, nothing changed, CPU ÷ the cold build', limit: '≤ 0.15', sizes: ['1000', '3000'], check: atMost(0.15), values: (r) => rebuildRatio(r, 'no-change/cold') },
  { label: 'issue 26: one tool module edited, CLI rebuild CPU ÷ the cold build', limit: '≤ 0.3', sizes: ['1000'], check: atMost(0.3), values: (r) => rebuildRatio(r, 'one-edit/cold') },
]

/**
 * Each target: `label`, `limit` (as printed), the sizes it is defined at (`sizes`; others are shown
 * for information), `check(value, size)` and `values(results)` → `{ size, value }[]`.
 */
export const targets = [
  ...full.flatMap((target, i) => [target, catalog[i]]),
  ...nativeTargets,
  { label: 'one-file incremental update (ts-morph), median ms', limit: '≤ 200', sizes: ['1000'], check: atMost(200), values: (r) => (r.incremental?.updateMs ? [{ size: String(r.incremental.size), value: r.incremental.updateMs.median }] : []) },
  { label: 'lazy list + first call CPU ÷ node -e', limit: '≤ 2.0', sizes: ['1000', '3000'], check: atMost(2), values: (r) => runtimeRatio(r, 'lazy/node-e') },
  { label: 'eager import CPU ÷ lazy list + first call', limit: '≥ 4 (1,000) / ≥ 6 (3,000)', sizes: ['1000', '3000'], check: (value, size) => value >= (size === '3000' ? 6 : 4), values: (r) => runtimeRatio(r, 'eager/lazy') },
  { label: 'MCP `serve --mcp <outDir>` start-up to first tools/list CPU ÷ node -e parsing catalog.json', limit: '≤ 1.5', sizes: ['1000'], check: atMost(1.5), values: (r) => mcpRatio(r, 'serve/node-e (CPU)') },
]

/** Judges `list` (targets as above) against `results`: one row per target and measured size. */
function judgeTargets(list, results) {
  return list.flatMap((target) => {
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

/** The rows of issue 26's table, judged: `{ label, limit, size, value, verdict }[]`. */
export function judgeIssue26(results) {
  return judgeTargets(issue26Targets, results)
}

/** Returns one row per target and measured size: `{ label, limit, size, value, verdict }`. */
export function judge(results) {
  return judgeTargets(targets, results)
}
