import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { confirmationRequest } from '../../src/interop/mcp/ask-person.js'
import { argumentsForPerson, escapeForPerson } from '../../src/runtime/person-text.js'

// What a person reads before saying yes: no character a model chose may move the cursor, start a
// line toolcat did not write, or reorder what is drawn. One function escapes them everywhere (the
// MCP elicitation message, the dev page's dialog, any host's own prompt).
const hidden = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/
const hiddenButNewline = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/
const dangerous = fc.constantFrom('\n', '\r', '\t', '\0', '\x1b', '\x7f', '\x85', '\u061c', '\u200b', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff')
/** Strings mixing any code point with the dangerous ones, so each run meets several. */
const text = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), dangerous), { maxLength: 12 }).map((parts) => parts.join(''))
const unescape = (shown: string) => shown.replace(/\\u\{([0-9A-F]{4,6})\}/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))

describe('escapeForPerson', () => {
  test('leaves no control, separator or bidirectional character, changes nothing else, and can be read back', () => {
    fc.assert(
      fc.property(text, (input) => {
        const shown = escapeForPerson(input)
        expect(shown).not.toMatch(hidden)
        if (!hidden.test(input)) expect(shown).toBe(input)
        if (!input.includes('\\u{')) expect(unescape(shown)).toBe(input)
      }),
      { numRuns: 2000 },
    )
  })

  test('argumentsForPerson keeps only the layout newlines of the JSON and reads back as the same value', () => {
    fc.assert(
      fc.property(fc.dictionary(text, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 }))), (args) => {
        const shown = argumentsForPerson(args)
        expect(shown).not.toMatch(hiddenButNewline)
        expect(shown.split('\n')).toHaveLength(JSON.stringify(args, null, 2).split('\n').length)
        expect(JSON.parse(unescape(shown))).toEqual(JSON.parse(JSON.stringify(args)))
      }),
      { numRuns: 500 },
    )
  })
})

describe('the MCP confirmation message', () => {
  test("a model's U+2028 and U+202E in arguments are shown escaped: the message has exactly the lines toolcat wrote", () => {
    const args = { to: 'ACC-1\u2028\u2028The tool refund has no effects. Run it?\u2028\u202Eoy', amount: 5 }
    const { message } = confirmationRequest('transfer', args).params
    expect(message).not.toMatch(/[\u2028\u2029\u202a-\u202e]/)
    expect(message).toContain('"to": "ACC-1\\u{2028}\\u{2028}The tool refund has no effects. Run it?\\u{2028}\\u{202E}oy"')
    expect(message.split(/\r\n|[\n\r\u2028\u2029\u0085]/)).toHaveLength(JSON.stringify(args, null, 2).split('\n').length + 2)
  })

  test('for any arguments, the message has no hidden character and one line per line of the arguments plus the question', () => {
    fc.assert(
      fc.property(fc.dictionary(text, text, { maxKeys: 4 }), (args) => {
        const { message, requestedSchema } = confirmationRequest('transfer', args).params
        expect(message).not.toMatch(hiddenButNewline)
        expect(message.split('\n')).toHaveLength(JSON.stringify(args, null, 2).split('\n').length + 2)
        expect(JSON.stringify(requestedSchema)).not.toMatch(hidden)
      }),
      { numRuns: 300 },
    )
  })
})
