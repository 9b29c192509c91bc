// Rewrites a JavaScript regular expression (as JSON Schema's `pattern` is: ECMA-262 syntax, here
// with the `u` flag) into RE2 syntax with the same meaning, so that a linear-time engine can match
// it. Where the two dialects read the same text differently, the rewrite spells the JavaScript
// meaning out: `.` excludes every line terminator, `\s` is JavaScript's (Unicode) white space, `[]`
// matches nothing and `[^]` anything, `[` inside a class is a literal. What no linear-time engine
// can do (backreferences, lookaround) is refused with the reason. A Unicode property escape becomes
// the ranges JavaScript's own RegExp gives it (see `unicode-property.ts`).

import { complementRanges, propertyRanges, re2Ranges } from './unicode-property.js'

/** A JavaScript pattern that has no linear-time equivalent; the message says which construct and why. */
export class NonLinearPattern extends Error {
  constructor(pattern: string, construct: string) {
    super(`pattern ${JSON.stringify(pattern)} uses ${construct}, which linear-time matching cannot do (toolcat matches patterns with RE2 semantics; rewrite it without)`)
    this.name = 'NonLinearPattern'
  }
}

/** JavaScript's `\s`: ASCII white space, the Unicode space separators, line terminators and BOM. */
const SPACE = '\\t\\n\\x{b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}'
/** Every code point outside `SPACE`, for a `\S` inside a class (which cannot hold a negated class). */
const NOT_SPACE =
  '\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}'
/** JavaScript's `.` without the `s` flag: anything but a line terminator (RE2's excludes `\n` only). */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]'
const ANY = '\\x{0}-\\x{10ffff}'

/**
 * The RE2 form of JavaScript pattern `pattern`, which must already be valid JavaScript (check it
 * with `new RegExp` first: this reader trusts the syntax). Throws `NonLinearPattern` for a
 * backreference or a lookaround.
 */
export function re2Source(pattern: string): string {
  let out = ''
  let i = 0
  while (i < pattern.length) {
    const char = pattern[i] as string
    if (char === '\\') {
      const [text, next] = escape(pattern, i, false)
      out += text
      i = next
    } else if (char === '[') {
      const [text, next] = characterClass(pattern, i)
      out += text
      i = next
    } else if (char === '(' && pattern[i + 1] === '?') {
      const [text, next] = group(pattern, i)
      out += text
      i = next
    } else {
      out += char === '.' ? DOT : char
      i++
    }
  }
  return out
}

/** `(?…`: a non-capturing or named group (both kept as groups), or a lookaround (refused). */
function group(pattern: string, at: number): [string, number] {
  const rest = pattern.slice(at + 2)
  if (rest.startsWith('=') || rest.startsWith('!')) throw new NonLinearPattern(pattern, 'a lookahead')
  if (rest.startsWith('<=') || rest.startsWith('<!')) throw new NonLinearPattern(pattern, 'a lookbehind')
  if (rest.startsWith('<')) {
    // A named group: only whether the text matches counts, so it need not capture.
    return ['(?:', at + 3 + rest.indexOf('>')]
  }
  return ['(?', at + 2] // `(?:` and modifiers such as `(?i:`, which RE2 reads alike
}

/** A class from its `[` to its `]`: its members rewritten, a literal `[` escaped, the empty classes spelled out. */
function characterClass(pattern: string, at: number): [string, number] {
  let i = at + 1
  const negated = pattern[i] === '^'
  if (negated) i++
  let body = ''
  while (pattern[i] !== ']') {
    const char = pattern[i] as string
    if (char === '\\') {
      const [text, next] = escape(pattern, i, true)
      body += text
      i = next
    } else {
      body += char === '[' ? '\\[' : char
      i++
    }
  }
  if (body === '') return [negated ? `[${ANY}]` : `[^${ANY}]`, i + 1]
  return [`[${negated ? '^' : ''}${body}]`, i + 1]
}

/** An escape from its backslash, in or out of a class: its RE2 text and the index after it. */
function escape(pattern: string, at: number, inClass: boolean): [string, number] {
  const char = pattern[at + 1] as string
  switch (char) {
    case 's':
      return [inClass ? SPACE : `[${SPACE}]`, at + 2]
    case 'S':
      return [inClass ? NOT_SPACE : `[^${SPACE}]`, at + 2]
    case 'b':
      return [inClass ? '\\x{8}' : '\\b', at + 2]
    case 'k':
      throw new NonLinearPattern(pattern, 'a backreference')
    case '0':
      return ['\\x{0}', at + 2]
    case 'c':
      return [codePoint((pattern.charCodeAt(at + 2) % 32).toString(16)), at + 3]
    case 'x':
      return [codePoint(pattern.slice(at + 2, at + 4)), at + 4]
    case 'u':
      return unicodeEscape(pattern, at)
    case 'p':
    case 'P':
      return property(pattern, at, inClass)
  }
  if (char >= '1' && char <= '9') throw new NonLinearPattern(pattern, 'a backreference')
  // \d \D \w \W \B \t \n \r \f \v read the same; any other escape is a syntax character (or `/`, `-`), escaped alike.
  return [`\\${char}`, at + 2]
}

/** `\uXXXX` (a surrogate pair written as two of them is one code point), or `\u{X…}`. */
function unicodeEscape(pattern: string, at: number): [string, number] {
  if (pattern[at + 2] === '{') {
    const end = pattern.indexOf('}', at)
    return [codePoint(pattern.slice(at + 3, end)), end + 1]
  }
  const high = Number.parseInt(pattern.slice(at + 2, at + 6), 16)
  const low = /^\\u[0-9a-fA-F]{4}/.test(pattern.slice(at + 6)) ? Number.parseInt(pattern.slice(at + 8, at + 12), 16) : Number.NaN
  if (high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
    return [codePoint(((high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000).toString(16)), at + 12]
  }
  return [codePoint(high.toString(16)), at + 6]
}

/**
 * `\p{…}` / `\P{…}`: the code point ranges JavaScript's own RegExp gives the property (see
 * `propertyRanges`), as a class; inside a class, its members (the complement's for `\P`, as a
 * class cannot hold a negated one).
 */
function property(pattern: string, at: number, inClass: boolean): [string, number] {
  const end = pattern.indexOf('}', at)
  const negated = pattern[at + 1] === 'P'
  const ranges = propertyRanges(pattern.slice(at + 3, end))
  if (inClass) return [re2Ranges(negated ? complementRanges(ranges) : ranges), end + 1]
  // A property no code point has (none today) is a class that matches nothing, or anything when negated.
  if (ranges.length === 0) return [negated ? `[${ANY}]` : `[^${ANY}]`, end + 1]
  return [`[${negated ? '^' : ''}${re2Ranges(ranges)}]`, end + 1]
}

function codePoint(hex: string): string {
  return `\\x{${hex}}`
}
