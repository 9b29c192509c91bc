import fc from 'fast-check'
import { Project, ts } from 'ts-morph'
import { describe, expect, test } from 'vitest'
import { fuzzParameters } from '../reliability/fuzz.js'
import { deriveParameters } from '../reliability/derive-schema.js'

// A template literal type's pattern must accept exactly the strings TypeScript assigns to it. The
// type oracle (test/reliability/type-oracle.test.ts) found each case below; here the checker itself
// (TypeScript, in process) is asked about every string, fixed ones and generated ones.

const TEMPLATES = [
  '`${number}px`',
  '`${string}-${number}`',
  '`${number}-${number}`',
  '`${number}x${number}`',
  '`${string}aa${number}`',
  '`${string}ab${string}b`',
  '`${number}${string}`',
  '`${string}${number}`',
  '`id-${bigint}`',
  '`${bigint}-${string}`',
  '`${string}--${string}`',
  '`v${number}.${number}.${number}`',
] as const

const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } })
const file = project.createSourceFile('templates.ts', TEMPLATES.map((template, index) => `export type T${index} = ${template}`).join('\n'))
const checker = project.getTypeChecker().compilerObject

/** Whether TypeScript assigns the string literal `text` to template `index`. */
function typeScriptAccepts(index: number, text: string): boolean {
  const target = file.getTypeAliasOrThrow(`T${index}`).getType().compilerType
  return checker.isTypeAssignableTo(checker.getStringLiteralType(text), target as ts.Type)
}

/** Whether the derived schema's pattern accepts `text`. */
const patterns = TEMPLATES.map((template) => {
  const { schema, problems } = deriveParameters(`{ v: ${template} }`)
  expect(problems).toEqual([])
  const v = (schema['properties'] as Record<string, { pattern: string }>)['v'] as { pattern: string }
  return new RegExp(v.pattern, 'u')
})

function agree(index: number, text: string): void {
  expect(patterns[index]?.test(text), `${TEMPLATES[index]} on ${JSON.stringify(text)}`).toBe(typeScriptAccepts(index, text))
}

describe('a template literal pattern reads a string as TypeScript does', () => {
  test('${number} is any text Number() reads as a finite number: blanks around it, ".5", "+1", "0x1F", blanks alone', () => {
    for (const text of [' 12px', '.5px', '+1px', '0x1Fpx', ' px', '5.px', '\u00a01px', '1e5px', '0b101px', '0O7px']) {
      expect(typeScriptAccepts(0, text), text).toBe(true)
      agree(0, text)
    }
    for (const text of ['px', '1_0px', '-0x1px', 'Infinitypx', '0x px', '1e px', '.px', 'NaNpx']) {
      expect(typeScriptAccepts(0, text), text).toBe(false)
      agree(0, text)
    }
  })

  test('a placeholder takes the text up to the first occurrence of what follows it: "a-b-1" is not `${string}-${number}`', () => {
    expect(typeScriptAccepts(1, 'a-b-1')).toBe(false)
    expect(typeScriptAccepts(1, 'a--1')).toBe(true)
    for (const [index, text] of [[1, 'a-b-1'], [1, 'a--1'], [1, '-1-2'], [2, '-1-2'], [2, '1e-5-3'], [2, '1-2'], [3, '0x1x2'], [3, '1920x1080'], [4, 'aaa1'], [5, 'xab'], [5, 'xabb']] as const) agree(index, text)
  })

  test('a placeholder another follows at once takes exactly one character', () => {
    for (const [index, text] of [[6, ' x'], [6, '12'], [6, 'ax'], [7, 'a12'], [7, 'ab1'], [7, 'a']] as const) agree(index, text)
  })

  test('${bigint} is a bigint literal, optionally negative: hex, binary and octal too, no blanks, no separators', () => {
    for (const text of ['id-1', 'id--0x1', 'id-0o7', 'id-0', 'id-01', 'id- 1', 'id-1_0', 'id-1.5', 'id-']) agree(8, text)
  })

  test('every generated string gets the verdict TypeScript gives it', () => {
    const char = fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', 'x', 'a', 'b', 'p', ' ', '\t', '_')
    fc.assert(
      fc.property(fc.nat(TEMPLATES.length - 1), fc.array(char, { maxLength: 10 }).map((chars) => chars.join('')), (index, text) => {
        agree(index, text)
      }),
      { ...fuzzParameters, numRuns: Math.max(2_000, fuzzParameters.numRuns ?? 0) },
    )
  })
})
