/**
 * Pure readings of a parsed V8 `.cpuprofile` (what `node --cpu-prof` writes: `nodes` with
 * `callFrame` and `children` ids, `samples` naming the node on top of the stack, `timeDeltas` in µs).
 * Frames are keyed `functionName file:line` with only the last two segments of the file, so that
 * nothing derived from a profile carries an absolute path. Times are milliseconds.
 */

/** Returns the key of a call frame: `functionName file:line` (1-based line), or the bare name of a VM frame such as `(idle)`. */
export function frameKey(callFrame) {
  const name = callFrame.functionName || '(anonymous)'
  if (!callFrame.url) return name
  const file = callFrame.url.split(/[?#]/)[0].split('/').slice(-2).join('/')
  return `${name} ${file}:${callFrame.lineNumber + 1}`
}

const indexes = new WeakMap()

// Built once per profile object: every reading below walks the same maps.
function indexOf(profile) {
  let index = indexes.get(profile)
  if (index) return index
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const keys = new Map(profile.nodes.map((node) => [node.id, frameKey(node.callFrame)]))
  // A sample stands for the interval that ends with it; a rare negative delta is clock noise.
  const selfMs = new Map()
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + Math.max(0, profile.timeDeltas[i] ?? 0) / 1000))
  index = { nodes, parents, keys, selfMs }
  indexes.set(profile, index)
  return index
}

function* stackOf(index, id) {
  for (let at = id; at !== undefined; at = index.parents.get(at)) yield at
}

function add(map, key, ms) {
  map.set(key, (map.get(key) ?? 0) + ms)
}

/** Returns the sampled time of the whole profile. */
export function totalMs(profile) {
  let total = 0
  for (const ms of indexOf(profile).selfMs.values()) total += ms
  return total
}

/** Returns the time each frame was on top of the stack, by frame key. */
export function selfTimes(profile) {
  const index = indexOf(profile)
  const times = new Map()
  for (const [id, ms] of index.selfMs) add(times, index.keys.get(id), ms)
  return times
}

/** Returns the time each frame was anywhere on the stack, by frame key; a recursive frame counts once per sample. */
export function inclusiveTimes(profile) {
  const index = indexOf(profile)
  const times = new Map()
  for (const [id, ms] of index.selfMs) {
    const seen = new Set()
    for (const at of stackOf(index, id)) seen.add(index.keys.get(at))
    for (const key of seen) add(times, key, ms)
  }
  return times
}

/**
 * Splits the sampled time into groups: `classify(stack)` names the group of the samples taken with
 * that stack (`[{ key, callFrame }]`, innermost frame first); an undefined answer means `rest`.
 */
export function groupTimes(profile, classify) {
  const index = indexOf(profile)
  const times = new Map()
  for (const [id, ms] of index.selfMs) {
    const stack = [...stackOf(index, id)].map((at) => ({ key: index.keys.get(at), callFrame: index.nodes.get(at).callFrame }))
    add(times, classify(stack) ?? 'rest', ms)
  }
  return times
}

function subtreeMs(index, id, memo) {
  let ms = memo.get(id)
  if (ms !== undefined) return ms
  ms = index.selfMs.get(id) ?? 0
  for (const child of index.nodes.get(id).children ?? []) ms += subtreeMs(index, child, memo)
  memo.set(id, ms)
  return ms
}

function mergeChildren(index, ids, levels, minMs, memo) {
  if (levels === 0) return []
  const byKey = new Map()
  for (const id of ids) {
    for (const child of index.nodes.get(id).children ?? []) {
      const key = index.keys.get(child)
      if (!byKey.has(key)) byKey.set(key, [])
      byKey.get(key).push(child)
    }
  }
  return [...byKey]
    .map(([key, group]) => ({ key, group, ms: group.reduce((sum, id) => sum + subtreeMs(index, id, memo), 0) }))
    .filter((entry) => entry.ms >= minMs)
    .sort((a, b) => b.ms - a.ms || (a.key < b.key ? -1 : 1))
    .map(({ key, group, ms }) => ({ key, ms, children: mergeChildren(index, group, levels - 1, minMs, memo) }))
}

/**
 * Merges every call of the frames whose key matches `pattern` (the outermost, when they nest) into
 * one tree `{ key, ms, children }` of their callees, `depth` levels deep, dropping callees under
 * `minMs`; undefined when no frame matches.
 */
export function callTree(profile, pattern, { depth = 3, minMs = 0 } = {}) {
  const index = indexOf(profile)
  const matches = profile.nodes.filter((node) => pattern.test(index.keys.get(node.id))).map((node) => node.id)
  if (!matches.length) return undefined
  const matched = new Set(matches)
  const outermost = matches.filter((id) => ![...stackOf(index, index.parents.get(id))].some((at) => matched.has(at)))
  const memo = new Map()
  const ms = outermost.reduce((sum, id) => sum + subtreeMs(index, id, memo), 0)
  return { key: pattern.source, ms, children: mergeChildren(index, outermost, depth, minMs, memo) }
}
