/**
 * Every string target the `exports` field maps `request` (`./…`) to, under any condition and in
 * any fallback array, with a subpath pattern's `*` replaced; undefined when no key matches or the
 * match is `null` (not exported). Every condition counts, custom ones too: each bundler and Node
 * picks its own, and any of them may be the one a build uses.
 */
export function exportTargets(exports: unknown, request: string): string[] | undefined {
  const map = subpathMap(exports)
  if (Object.hasOwn(map, request) && !request.includes('*')) return leafTargets(map[request], undefined)
  let best: { key: string; star: string } | undefined
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*')
    if (star < 0 || key.indexOf('*', star + 1) >= 0) continue
    const prefix = key.slice(0, star)
    const suffix = key.slice(star + 1)
    if (!request.startsWith(prefix) || !request.endsWith(suffix) || request.length < key.length) continue
    // Node prefers the longest prefix, then the longest key.
    if (best === undefined || prefix.length > best.key.indexOf('*') || (prefix.length === best.key.indexOf('*') && key.length > best.key.length)) {
      best = { key, star: request.slice(prefix.length, request.length - suffix.length) }
    }
  }
  return best === undefined ? undefined : leafTargets(map[best.key], best.star)
}

/** Every string leaf of an `exports` or `imports` field, under every key, condition and fallback (`*` left as written). */
export function allTargets(field: unknown): string[] {
  if (typeof field === 'string') return [field]
  if (typeof field !== 'object' || field === null) return []
  return Object.values(field as Record<string, unknown>).flatMap(allTargets)
}

/** The `exports` field as a map of subpaths: a string, an array or a conditions object maps `.` alone. */
function subpathMap(exports: unknown): Record<string, unknown> {
  if (typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'))) {
    return exports as Record<string, unknown>
  }
  return { '.': exports }
}

function leafTargets(target: unknown, star: string | undefined): string[] | undefined {
  if (target === null) return undefined
  if (typeof target === 'string') return [star === undefined ? target : target.replaceAll('*', star)]
  if (typeof target !== 'object' || target === undefined) return []
  const branches = Array.isArray(target) ? target : Object.values(target as Record<string, unknown>)
  return branches.flatMap((branch) => leafTargets(branch, star) ?? [])
}
