/** Seeded pseudo-random numbers, so a corpus is a pure function of its size (no Math.random). */

/** Returns a mulberry32 generator in [0, 1) for a 32-bit integer seed. */
export function createRandom(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Picks one element of a non-empty list. */
export function pick(random, list) {
  return list[Math.floor(random() * list.length)]
}

/** Returns `count` distinct elements of `list`, in a random order (Fisher–Yates on a copy). */
export function sample(random, list, count) {
  const copy = [...list]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy.slice(0, count)
}
