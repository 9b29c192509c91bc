// The regular expression of a template literal type, read the way TypeScript reads a string
// against it (the checker's template inference, `inferFromLiteralPartsToTemplateLiteral`): each
// placeholder but the last takes the text up to the first place its following text occurs (no
// backtracking), or exactly one character when another placeholder follows at once; the last takes
// the rest. A `${number}` part is any text `Number()` reads as a finite number (blanks around it,
// `.5`, `+1`, `0x1F`, blanks alone), a `${bigint}` part a bigint literal, optionally negative.
// Patterns use no lookaround (toolcat matches them with RE2 semantics): where a placeholder must
// stop at the first occurrence of its delimiter, its language is built as an automaton and written
// back as a regular expression.

/** What a placeholder holds, as far as its text goes. */
export type HoleKind = 'string' | 'number' | 'bigint'

/** JavaScript's white space and line terminators: what `\s` matches and `Number()` trims. */
const BLANKS = [0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0xa0, 0x1680, ...range(0x2000, 0x200a), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff].map((code) => String.fromCharCode(code))

/** Any text `Number()` reads as a finite number, save one too large for a double (not regular: see README's comparison rules). */
const NUMBER_TEXT = '(?:\\s+|\\s*(?:[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|0[xX][\\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)\\s*)'
/** A bigint literal without its `n`, optionally negative, as TypeScript's scanner reads it. */
const BIGINT_TEXT = '-?(?:0|[1-9]\\d*|0[xX][\\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)'
const WHOLE: Record<HoleKind, string> = { string: '[\\s\\S]*', number: NUMBER_TEXT, bigint: BIGINT_TEXT }
/** The one character a placeholder takes when another follows it at once. */
const ONE_CHARACTER: Record<HoleKind, string> = { string: '[\\s\\S]', number: '[\\d\\s]', bigint: '\\d' }

/** The anchored pattern of a template with `texts` around `holes` (`texts.length === holes.length + 1`). */
export function templatePattern(texts: readonly string[], holes: readonly HoleKind[]): string {
  let body = escapeText(texts[0] ?? '')
  for (const [index, hole] of holes.entries()) {
    const delimiter = texts[index + 1] ?? ''
    const last = index === holes.length - 1
    body += last ? WHOLE[hole] : delimiter === '' ? ONE_CHARACTER[hole] : untilFirst(hole, delimiter)
    body += escapeText(delimiter)
  }
  return `^${body}$`
}

function escapeText(text: string): string {
  return [...text].map((char) => (BLANKS.includes(char) && char !== ' ' ? unicodeEscape(char) : char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'))).join('')
}

// --- Placeholders that stop at their delimiter: an automaton over a small alphabet, written back as a pattern.

/** A symbol of the alphabet: one character that matters, or `OTHER` for every character that does not. */
const OTHER = ''

/** A deterministic automaton; a missing transition is a dead end. */
interface Automaton {
  readonly accepting: ReadonlySet<number>
  readonly next: ReadonlyMap<number, ReadonlyMap<string, number>>
}

/** The placeholder's texts `h` such that `h + delimiter` holds `delimiter` only at its end (the first occurrence TypeScript finds). */
function untilFirst(hole: HoleKind, delimiter: string): string {
  const alphabet = [...new Set([...delimiter, ...'0123456789.+-eExXbBoOaAcCdDfF', ...BLANKS]), OTHER]
  const occurrence = firstOccurrence(delimiter)
  // The product of the placeholder's automaton and the occurrence one, reached from the start.
  const ids = new Map<string, number>()
  const accepting = new Set<number>()
  const next = new Map<number, Map<string, number>>()
  const queue: [string, number][] = []
  const id = (state: string, kmp: number): number => {
    const key = `${state}|${kmp}`
    let found = ids.get(key)
    if (found === undefined) {
      ids.set(key, (found = ids.size))
      if (HOLE_STATES[hole][state]?.accepting === true && occurrence.clean(kmp)) accepting.add(found)
      queue.push([state, kmp])
    }
    return found
  }
  id('start', 0)
  for (let at = 0; at < queue.length; at++) {
    const [state, kmp] = queue[at] as [string, number]
    const from = ids.get(`${state}|${kmp}`) as number
    const edges = new Map<string, number>()
    for (const symbol of alphabet) {
      const to = HOLE_STATES[hole][state]?.step(symbol)
      const kmpTo = occurrence.step(kmp, symbol)
      if (to !== undefined && kmpTo < delimiter.length) edges.set(symbol, id(to, kmpTo))
    }
    next.set(from, edges)
  }
  return toPattern({ accepting, next }, alphabet)
}

/** The occurrence automaton of `text` (Knuth–Morris–Pratt): the state is how much of `text` the input ends with. */
function firstOccurrence(text: string): { step(state: number, symbol: string): number; clean(state: number): boolean } {
  const step = (state: number, symbol: string): number => {
    for (let length = Math.min(state + 1, text.length); length > 0; length--) {
      if (text.slice(0, length - 1) === text.slice(state - length + 1, state) && text[length - 1] === symbol) return length
    }
    return 0
  }
  // From `state`, reading `text` itself must complete it only at its very end: no earlier occurrence overlaps the placeholder.
  const clean = (state: number): boolean => {
    let current = state
    for (let index = 0; index < text.length; index++) {
      current = step(current, text[index] as string)
      if (current === text.length) return index === text.length - 1
    }
    return false
  }
  return { step, clean }
}

/** A placeholder's language as states: whether each accepts, and where a symbol leads. */
type HoleStates = Record<string, { readonly accepting: boolean; step(symbol: string): string | undefined }>

const isBlank = (symbol: string) => BLANKS.includes(symbol)
const isDigit = (symbol: string) => symbol !== OTHER && symbol >= '0' && symbol <= '9'
const isHex = (symbol: string) => isDigit(symbol) || /^[a-fA-F]$/.test(symbol)
const isBinary = (symbol: string) => symbol === '0' || symbol === '1'
const isOctal = (symbol: string) => isDigit(symbol) && symbol <= '7'

/** States reading the digits of a prefixed integer (`0x…`) and then blanks (`number`) or nothing (`bigint`). */
function prefixedDigits(name: string, digit: (symbol: string) => boolean, blanks: boolean): HoleStates {
  return {
    [name]: { accepting: false, step: (symbol) => (digit(symbol) ? `${name}digits` : undefined) },
    [`${name}digits`]: { accepting: true, step: (symbol) => (digit(symbol) ? `${name}digits` : blanks && isBlank(symbol) ? 'tail' : undefined) },
  }
}

/** Where a symbol leads once a number has begun (after a sign, a digit, a dot). */
function numberStart(symbol: string, signed: boolean): string | undefined {
  if (symbol === '0' && !signed) return 'zero'
  if (isDigit(symbol)) return 'integer'
  if (symbol === '.') return 'dot'
  return undefined
}

const exponentOr = (symbol: string, then: string | undefined): string | undefined => (symbol === 'e' || symbol === 'E' ? 'exponent' : isBlank(symbol) ? 'tail' : then)

const HOLE_STATES: Record<HoleKind, HoleStates> = {
  string: { start: { accepting: true, step: () => 'start' } },
  number: {
    start: { accepting: false, step: (symbol) => (isBlank(symbol) ? 'blanks' : symbol === '+' || symbol === '-' ? 'sign' : numberStart(symbol, false)) },
    blanks: { accepting: true, step: (symbol) => (isBlank(symbol) ? 'blanks' : symbol === '+' || symbol === '-' ? 'sign' : numberStart(symbol, false)) },
    sign: { accepting: false, step: (symbol) => numberStart(symbol, true) },
    zero: { accepting: true, step: (symbol) => (/^[xX]$/.test(symbol) ? 'hex' : /^[bB]$/.test(symbol) ? 'binary' : /^[oO]$/.test(symbol) ? 'octal' : isDigit(symbol) ? 'integer' : symbol === '.' ? 'point' : exponentOr(symbol, undefined)) },
    integer: { accepting: true, step: (symbol) => (isDigit(symbol) ? 'integer' : symbol === '.' ? 'point' : exponentOr(symbol, undefined)) },
    dot: { accepting: false, step: (symbol) => (isDigit(symbol) ? 'fraction' : undefined) },
    point: { accepting: true, step: (symbol) => (isDigit(symbol) ? 'fraction' : exponentOr(symbol, undefined)) },
    fraction: { accepting: true, step: (symbol) => (isDigit(symbol) ? 'fraction' : exponentOr(symbol, undefined)) },
    exponent: { accepting: false, step: (symbol) => (symbol === '+' || symbol === '-' ? 'exponentSign' : isDigit(symbol) ? 'exponentDigits' : undefined) },
    exponentSign: { accepting: false, step: (symbol) => (isDigit(symbol) ? 'exponentDigits' : undefined) },
    exponentDigits: { accepting: true, step: (symbol) => (isDigit(symbol) ? 'exponentDigits' : isBlank(symbol) ? 'tail' : undefined) },
    ...prefixedDigits('hex', isHex, true),
    ...prefixedDigits('binary', isBinary, true),
    ...prefixedDigits('octal', isOctal, true),
    tail: { accepting: true, step: (symbol) => (isBlank(symbol) ? 'tail' : undefined) },
  },
  bigint: {
    start: { accepting: false, step: (symbol) => (symbol === '-' ? 'sign' : symbol === '0' ? 'zero' : isDigit(symbol) ? 'decimal' : undefined) },
    sign: { accepting: false, step: (symbol) => (symbol === '0' ? 'zero' : isDigit(symbol) ? 'decimal' : undefined) },
    zero: { accepting: true, step: (symbol) => (/^[xX]$/.test(symbol) ? 'hex' : /^[bB]$/.test(symbol) ? 'binary' : /^[oO]$/.test(symbol) ? 'octal' : undefined) },
    decimal: { accepting: true, step: (symbol) => (isDigit(symbol) ? 'decimal' : undefined) },
    ...prefixedDigits('hex', isHex, false),
    ...prefixedDigits('binary', isBinary, false),
    ...prefixedDigits('octal', isOctal, false),
  },
}

// --- From an automaton to a pattern: state elimination over small pattern trees.

type Tree = { readonly k: 'set'; readonly symbols: ReadonlySet<string> } | { readonly k: 'empty' } | { readonly k: 'cat'; readonly of: readonly Tree[] } | { readonly k: 'alt'; readonly of: readonly Tree[] } | { readonly k: 'star'; readonly of: Tree }

const EMPTY: Tree = { k: 'empty' }

function alt(a: Tree | undefined, b: Tree): Tree {
  if (a === undefined) return b
  if (a.k === 'set' && b.k === 'set') return { k: 'set', symbols: new Set([...a.symbols, ...b.symbols]) }
  const members = [...(a.k === 'alt' ? a.of : [a]), ...(b.k === 'alt' ? b.of : [b])]
  return { k: 'alt', of: members }
}

function cat(...parts: Tree[]): Tree {
  const of = parts.flatMap((part) => (part.k === 'empty' ? [] : part.k === 'cat' ? part.of : [part]))
  return of.length === 0 ? EMPTY : of.length === 1 ? (of[0] as Tree) : { k: 'cat', of }
}

/** The pattern of the strings `automaton` accepts from state 0 (Brzozowski–McCluskey state elimination). */
function toPattern(automaton: Automaton, alphabet: readonly string[]): string {
  const START = -1
  const END = -2
  const edges = new Map<number, Map<number, Tree>>()
  const add = (from: number, to: number, tree: Tree) => {
    let row = edges.get(from)
    if (row === undefined) edges.set(from, (row = new Map()))
    row.set(to, alt(row.get(to), tree))
  }
  add(START, 0, EMPTY)
  for (const [from, row] of automaton.next) {
    for (const [symbol, to] of row) add(from, to, { k: 'set', symbols: new Set([symbol]) })
    if (automaton.accepting.has(from)) add(from, END, EMPTY)
  }
  const states = [...automaton.next.keys()]
  while (states.length > 0) {
    // The state with the fewest edges first keeps the pattern short.
    states.sort((a, b) => degree(edges, a) - degree(edges, b))
    const state = states.shift() as number
    const loop = edges.get(state)?.get(state)
    const outgoing = [...(edges.get(state) ?? new Map<number, Tree>())].filter(([to]) => to !== state)
    for (const [from, row] of edges) {
      const into = from === state ? undefined : row.get(state)
      if (into === undefined) continue
      row.delete(state)
      for (const [to, out] of outgoing) add(from, to, cat(into, loop === undefined ? EMPTY : { k: 'star', of: loop }, out))
    }
    edges.delete(state)
  }
  const result = edges.get(START)?.get(END)
  return result === undefined ? '[]' : render(result, alphabet, false)
}

function degree(edges: ReadonlyMap<number, ReadonlyMap<number, Tree>>, state: number): number {
  let count = edges.get(state)?.size ?? 0
  for (const row of edges.values()) if (row.has(state)) count++
  return count
}

function render(tree: Tree, alphabet: readonly string[], tight: boolean): string {
  switch (tree.k) {
    case 'empty':
      return ''
    case 'set':
      return renderSet(tree.symbols, alphabet)
    case 'star': {
      const inner = render(tree.of, alphabet, true)
      return `${inner}*`
    }
    case 'cat': {
      const text = tree.of.map((part) => render(part, alphabet, part.k === 'alt')).join('')
      return tight ? `(?:${text})` : text
    }
    case 'alt': {
      const hasEmpty = tree.of.some((member) => member.k === 'empty')
      const members = [...new Set(tree.of.filter((member) => member.k !== 'empty').map((member) => render(member, alphabet, false)))]
      const text = members.length === 1 && hasEmpty ? `${wrap(members[0] as string)}?` : `(?:${members.join('|')}${hasEmpty ? '|' : ''})`
      return text
    }
  }
}

/** A fragment followed by a quantifier: grouped unless it is one atom. */
function wrap(text: string): string {
  return /^(?:\\.|\[(?:\\.|[^\]\\])*\]|[^\\[(])$/.test(text) || (text.startsWith('(?:') && balancedGroup(text)) ? text : `(?:${text})`
}

function balancedGroup(text: string): boolean {
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') index++
    else if (char === '[') index = text.indexOf(']', index + 2)
    else if (char === '(') depth++
    else if (char === ')' && --depth === 0 && index < text.length - 1) return false
  }
  return true
}

function renderSet(symbols: ReadonlySet<string>, alphabet: readonly string[]): string {
  if (symbols.has(OTHER)) {
    const excluded = alphabet.filter((symbol) => symbol !== OTHER && !symbols.has(symbol))
    return excluded.length === 0 ? '[\\s\\S]' : `[^${excluded.map(classChar).join('')}]`
  }
  let chars = [...symbols]
  if (chars.length === 1) return escapeText(chars[0] as string)
  // Whole families read as their escapes: `\s` for every blank, `\d` for every digit.
  const families: string[] = []
  for (const [escape, family] of [['\\s', BLANKS], ['\\d', DIGITS]] as const) {
    if (family.every((char) => symbols.has(char))) {
      families.push(escape)
      chars = chars.filter((char) => !family.includes(char))
    }
  }
  if (families.length === 1 && chars.length === 0) return families[0] as string
  return `[${families.join('')}${chars.map(classChar).join('')}]`
}

const DIGITS = [...'0123456789']

function classChar(char: string): string {
  if (BLANKS.includes(char) && char !== ' ') return unicodeEscape(char)
  return /[\\\]^[-]/.test(char) ? `\\${char}` : char
}

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index)
}
