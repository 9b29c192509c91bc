import { expect, test } from 'vitest'
import { codeRepeatedTokens } from '../../src/emit/registry/schema-dictionary.js'
import { dictionaryMarker, fragmentJoiner, packedReference, tokenCodes } from '../../src/runtime/lazy/lazy-schema.js'

/** The packed table `registry.js` writes for these entries, as the string the module holds. */
function packed(entries: readonly string[]): string {
  const coded = codeRepeatedTokens(entries)
  return [...(coded.tokens.length > 0 ? [`${dictionaryMarker}${JSON.stringify(coded.tokens)}`] : []), ...coded.entries].join('\n')
}

test('repeated keys, string values and literals are coded outside strings, and read back exactly', () => {
  // Strings holding code characters, quotes, backslashes and coded tokens' own text stay as they are.
  const tricky = { type: 'string', description: 'A "type": string ~ with @codes, \\ and "string"', enum: ['type', 'string', '"type":'], default: null }
  const entries = [
    ...Array.from({ length: 40 }, (_, index) => JSON.stringify({ type: 'object', properties: { [`field${index}`]: { type: 'string', minLength: index } }, required: [`field${index}`], additionalProperties: false })),
    JSON.stringify(tricky),
    `{"type":"array","items":${packedReference}0${packedReference}}`,
  ]
  const table = packed(entries)
  const coded = codeRepeatedTokens(entries)
  expect(coded.tokens).toEqual(expect.arrayContaining(['"type":', '"string"', '"additionalProperties":', 'false']))
  expect(coded.tokens.length).toBeLessThanOrEqual(tokenCodes.length)
  expect(table.length).toBeLessThan(entries.join('\n').length * 0.7)
  const join = fragmentJoiner(table)
  entries.slice(0, -1).forEach((entry, index) => expect(join(index)).toBe(entry))
  expect(JSON.parse(join(entries.length - 2))).toEqual(tricky)
  expect(join(entries.length - 1)).toBe(`{"type":"array","items":${entries[0]}}`)
})

test('the same entries give the same table, and entries with nothing worth coding are left as they were', () => {
  const entries = ['{"a":1,"b":"x"}', '{"b":"y","a":2}', '{"a":1,"b":"x"}']
  expect(packed(entries)).toBe(packed([...entries]))
  expect(codeRepeatedTokens(['{"lonely":true}'])).toEqual({ tokens: [], entries: ['{"lonely":true}'] })
  expect(fragmentJoiner(packed(['{"lonely":true}']))(0)).toBe('{"lonely":true}')
})
