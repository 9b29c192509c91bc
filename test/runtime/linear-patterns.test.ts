import { describe, expect, test } from 'vitest'
import { compileSchema, isToolError, parseArguments } from '../../src/index.js'
import { linearRegExp } from '../../src/runtime/validator-runtime/linear-reg-exp.js'
import { NonLinearPattern } from '../../src/runtime/validator-runtime/re2-syntax.js'

// Every pattern is matched by RE2JS after a rewrite into RE2 syntax: the rewrite must keep the
// JavaScript meaning (`new RegExp(pattern, 'u')`) on every input, the places where the dialects
// differ above all.
const samples = [
  '', 'a', 'abc', 'ABC', 'a-b', 'a\nb', 'a\rb', 'a\u2028b', 'a\u00a0b', 'a\u3000b', 'a\tb', 'a\vb', ' ', '\ufeff', '[', ']', 'x[y', ':alpha:',
  'a/b', 'é', 'Ωmega', '😀', 'a😀b', '\u0000', '\b', '12', '1.5', '-3e7', 'user-42', 'tab\there', 'end\n', '\\', 'a.b', 'zzz', '0x1F',
]
const patterns = [
  '^[a-z]+$', '^.+$', '^a.b$', '.', '^\\s+$', '\\s', '\\S', '^[\\s]+$', '^[\\S]+$', '^[^\\s]+$', '^[\\s\\S]*$', '[]', '[^]', '^[^]*$',
  '[[]', '^[[:alpha:]+$', '[\\b]', '\\bab', 'a\\B', '^\\d+$', '^\\w+$', '\\W', '^[\\w-]+$', '^\\u00e9$', '^\\u{1F600}$', '^\\uD83D\\uDE00$',
  '\\x41', '\\cJ', '\\0', '^\\p{L}+$', '^\\p{Letter}+$', '^\\p{Script=Greek}', '\\P{Lu}', '^\\p{Nd}+$', '^(?<word>[a-z]+)-\\d+$',
  '^(?:ab|cd)*$', 'a\\/b', '^\\$?\\d+(?:\\.\\d{2})?$', '^-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?$', '^[\\-a]+$', '^[.]$', '^[a-c-]+$',
  '^\\t', '\\n$', '\\r', '\\v', '\\f', '^[0-9A-Z -]{3,10}$', 'a{2}', 'a{2,}', '^a{1,3}?b', '^(a+)+$', '^([a-z]+\\.)*[a-z]+$', 'ab|^x',
  '\\\\', '\\.', '[\\]]', '[\\^]', '^[^\\n]*$', '[\\u2028]', '^[😀a]$',
]

describe('linearRegExp', () => {
  test.each(patterns)('%s matches what JavaScript matches', (pattern) => {
    const native = new RegExp(pattern, 'u')
    const linear = linearRegExp(pattern, 'u')
    const differ = samples.filter((sample) => native.test(sample) !== linear.test(sample))
    expect(differ.map((sample) => JSON.stringify(sample))).toEqual([])
  })

  test('answers a pattern that backtracks exponentially in JavaScript, on a text too long for any backtracking engine', () => {
    // Natively each extra `a` doubles the time: 30 take seconds, these would never finish.
    const nested = linearRegExp('^(a+)+$', 'u')
    expect(nested.test(`${'a'.repeat(30)}!`)).toBe(false)
    expect(nested.test(`${'a'.repeat(50_000)}!`)).toBe(false)
    expect(nested.test('a'.repeat(50_000))).toBe(true)
    expect(linearRegExp('^(a|a)*$', 'u').test(`${'a'.repeat(50_000)}!`)).toBe(false)
    expect(linearRegExp('^(\\w+\\s?)*$', 'u').test(`${'word '.repeat(10_000)}!`)).toBe(false)
  })

  test('refuses what needs backtracking, saying which construct', () => {
    expect(() => linearRegExp('^(?=a)', 'u')).toThrow(/uses a lookahead/)
    expect(() => linearRegExp('^(?!a)', 'u')).toThrow(/uses a lookahead/)
    expect(() => linearRegExp('(?<=a)b', 'u')).toThrow(/uses a lookbehind/)
    expect(() => linearRegExp('(?<!a)b', 'u')).toThrow(/uses a lookbehind/)
    expect(() => linearRegExp('^(a)\\1$', 'u')).toThrow(NonLinearPattern)
    expect(() => linearRegExp('^(?<x>a)\\k<x>$', 'u')).toThrow(/uses a backreference/)
    // Not JavaScript at all: refused as JavaScript refuses it, before any rewrite.
    expect(() => linearRegExp('([a-z]+', 'u')).toThrow(SyntaxError)
  })

  test('keys each compiled pattern by its text and flags, as ajv needs', () => {
    expect(String(linearRegExp('^a$', 'u'))).toBe('/^a$/u')
    expect(String(linearRegExp('^b$', 'u'))).not.toBe(String(linearRegExp('^a$', 'u')))
  })
})

describe('patterns in compiled validators', () => {
  test('a nested quantifier refuses a long non-matching value at once', () => {
    const validate = compileSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } })
    expect(() => parseArguments(validate, { s: `${'a'.repeat(30)}!` })).toThrow(/^s: pattern; expected match \^\(a\+\)\+\$; received "a{30}!"$/)
    expect(parseArguments(validate, { s: 'aaa' })).toEqual({ s: 'aaa' })
  })

  test('patternProperties keys are matched in linear time, by the normaliser as by the validator', () => {
    const validate = compileSchema({ type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } } })
    expect(() => parseArguments(validate, { aaaa: 'x' })).toThrow(/type; expected number/)
    // Undeclared, so dropped; deciding that needs the key matched against the pattern.
    expect(parseArguments(validate, { [`${'a'.repeat(40)}!`]: 'x', aa: '2' })).toEqual({ aa: 2 })
  })

  test('a schema with a lookaround is a SCHEMA error naming it', () => {
    let caught: unknown
    try {
      compileSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(?!admin)' } } })
    } catch (error) {
      caught = error
    }
    expect(isToolError(caught) && caught.code).toBe('SCHEMA')
    expect((caught as Error).message).toMatch(/lookahead/)
  })
})
