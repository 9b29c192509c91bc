// A Unicode property escape (`\p{…}`) spelled out as the code point ranges the host's own RegExp
// gives it. RE2 knows fewer property names than JavaScript (no binary properties, no
// Script_Extensions, no four-letter script codes), reads some names differently, and carries its own
// Unicode tables, which need not be the engine's version. Asking the engine that also checks the
// pattern's syntax makes the linear-time match agree with `new RegExp(pattern, 'u')` by
// construction, on every engine and Unicode version.

/** The code point ranges a property escape's body matches (`Cased_Letter`, `Script=Greek`), by that body; each costs ~20–40 ms to compute. */
const rangesByName = new Map<string, readonly (readonly [number, number])[]>()

/** The last code point before the surrogates, the first after them, the last of all. */
const BEFORE_SURROGATES = 0xd7ff
const AFTER_SURROGATES = 0xe000
const LAST = 0x10ffff

/**
 * The code point ranges `\p{name}` matches in this engine, ascending and disjoint. `name` must be a
 * property JavaScript accepts (the pattern was checked with `new RegExp` first).
 */
export function propertyRanges(name: string): readonly (readonly [number, number])[] {
  let ranges = rangesByName.get(name)
  if (ranges === undefined) {
    ranges = computeRanges(name)
    rangesByName.set(name, ranges)
  }
  return ranges
}

/** The code point ranges `\P{name}` matches: the complement of `propertyRanges(name)`. */
export function complementRanges(ranges: readonly (readonly [number, number])[]): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = []
  let next = 0
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1])
    next = to + 1
  }
  if (next <= LAST) out.push([next, LAST])
  return out
}

/** RE2 class members for ranges (`\x{41}-\x{5a}`), to sit inside `[…]`; an empty list is no member. */
export function re2Ranges(ranges: readonly (readonly [number, number])[]): string {
  return ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('')
}

function hex(codePoint: number): string {
  return `\\x{${codePoint.toString(16)}}`
}

function computeRanges(name: string): (readonly [number, number])[] {
  const runs = new RegExp(`\\p{${name}}+`, 'gu')
  const one = new RegExp(`^\\p{${name}}$`, 'u')
  const found: [number, number][] = []
  const add = (from: number, to: number) => {
    const last = found.at(-1)
    if (last !== undefined && last[1] + 1 === from) last[1] = to
    else found.push([from, to])
  }
  // Runs of matching code points in two texts that hold every code point but the surrogates, in
  // order (one text of them all would join a run across the surrogates it lacks); between them the
  // lone surrogates, code points too in a `u` pattern (`\p{Cs}`, `\p{Any}`), tested one by one.
  const runsIn = ([text, codePointAt]: readonly [string, (index: number) => number]) => {
    for (const match of text.matchAll(runs)) add(codePointAt(match.index), lastCodePointBefore(codePointAt, match.index + match[0].length))
  }
  runsIn(belowSurrogates())
  for (let codePoint = BEFORE_SURROGATES + 1; codePoint < AFTER_SURROGATES; codePoint++) {
    if (one.test(String.fromCharCode(codePoint))) add(codePoint, codePoint)
  }
  runsIn(aboveSurrogates())
  return found
}

/** The last code point of a text that ends at index `end` (a supplementary one takes two units). */
function lastCodePointBefore(codePointAt: (index: number) => number, end: number): number {
  const previous = codePointAt(end - 1)
  return Number.isNaN(previous) ? codePointAt(end - 2) : previous
}

let belowSurrogatesText: string | undefined
let aboveSurrogatesText: string | undefined

/** U+0000 to U+D7FF, one unit each: a unit's index is its code point. */
function belowSurrogates(): readonly [string, (index: number) => number] {
  belowSurrogatesText ??= fromUnits(Uint16Array.from({ length: BEFORE_SURROGATES + 1 }, (_, index) => index))
  return [belowSurrogatesText, (index) => index]
}

/** U+E000 to U+FFFF, one unit each, then U+10000 to U+10FFFF, two units each. NaN at a low surrogate's index. */
function aboveSurrogates(): readonly [string, (index: number) => number] {
  if (aboveSurrogatesText === undefined) {
    const bmp = 0x10000 - AFTER_SURROGATES
    const units = new Uint16Array(bmp + 2 * (LAST + 1 - 0x10000))
    for (let index = 0; index < bmp; index++) units[index] = AFTER_SURROGATES + index
    for (let codePoint = 0x10000; codePoint <= LAST; codePoint++) {
      const offset = bmp + 2 * (codePoint - 0x10000)
      units[offset] = 0xd800 + ((codePoint - 0x10000) >> 10)
      units[offset + 1] = 0xdc00 + ((codePoint - 0x10000) & 0x3ff)
    }
    aboveSurrogatesText = fromUnits(units)
  }
  const bmp = 0x10000 - AFTER_SURROGATES
  return [aboveSurrogatesText, (index) => (index < bmp ? AFTER_SURROGATES + index : (index - bmp) % 2 === 0 ? 0x10000 + (index - bmp) / 2 : Number.NaN)]
}

function fromUnits(units: Uint16Array): string {
  let text = ''
  // In slices: a spread of millions of arguments overflows the stack.
  for (let at = 0; at < units.length; at += 0x8000) text += String.fromCharCode(...units.subarray(at, at + 0x8000))
  return text
}
