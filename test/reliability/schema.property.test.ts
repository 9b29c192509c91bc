import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ajvOptions } from '../../src/runtime/ajv-options.js'
import { deriveParameters } from './derive-schema.js'
import { fuzzParameters, fuzzTimeout } from './fuzz.js'
import { mutate, objectSpec, typeText, valueOf } from './type-specs.js'

// Declarations the generated type texts may refer to: recursion, a class, a generic alias.
const prelude = `
interface Tree { label: string; children: Tree[] }
class Point { x = 0 }
type Box<T> = { boxed: T }
`

const derive = (text: string) => deriveParameters(text, prelude)

// Validation without coercion, key removal or defaults, so a value outside the type fails instead of being fixed up.
const { coerceTypes: _coerce, removeAdditional: _remove, useDefaults: _defaults, ...strictOptions } = ajvOptions
const ajv = new Ajv(strictOptions)
formats.default(ajv)

const atom = fc.constantFrom(
  'string', 'number', 'boolean', 'null', 'undefined', 'unknown', 'any', 'never', 'void', 'object', 'bigint', 'symbol',
  'Date', 'Map<string, number>', 'Set<string>', 'Promise<number>', '() => void', 'Tree', 'Point', '"a" | "b"', '42',
  '`id-${number}`', 'Uint8Array', 'RegExp', 'Error',
)

/** Type texts from a small grammar of type expressions, JSON-only or not. */
const typeExpression: fc.Arbitrary<string> = fc.letrec<{ type: string }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    tie('type').map((item) => `Array<${item}>`),
    tie('type').map((item) => `ReadonlyArray<${item}>`),
    tie('type').map((value) => `Record<string, ${value}>`),
    tie('type').map((value) => `Box<${value}>`),
    tie('type').map((value) => `Partial<{ a: ${value} }>`),
    fc.tuple(tie('type'), tie('type')).map(([left, right]) => `(${left}) | (${right})`),
    fc.tuple(tie('type'), tie('type')).map(([left, right]) => `(${left}) & (${right})`),
    fc.tuple(tie('type'), tie('type')).map(([first, second]) => `[${first}, (${second})?]`),
    fc.tuple(tie('type'), tie('type'), fc.boolean()).map(([first, second, optional]) => `{ first${optional ? '?' : ''}: ${first}; readonly second: ${second} }`),
  ),
})).type

describe('schema derivation', () => {
  test('a derived schema accepts values of the type and rejects values moved out of it', () => {
    const cases = objectSpec.chain((spec) => fc.tuple(fc.constant(spec), valueOf(spec), fc.nat()))
    fc.assert(
      fc.property(cases, ([spec, value, choice]) => {
        const { schema, problems } = derive(typeText(spec))
        expect(problems.map((problem) => problem.message)).toEqual([])
        const validate = ajv.compile(schema)
        expect(validate(value)).toBe(true)
        expect(validate(mutate(spec, value as Record<string, unknown>, choice))).toBe(false)
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)

  test('over generated type texts it always returns a valid schema, or one with diagnostics, and never throws', () => {
    fc.assert(
      fc.property(typeExpression, fc.boolean(), (text, wrapped) => {
        const { schema, problems } = derive(wrapped ? `{ value: ${text} }` : text)
        expect(schema['type']).toBe('object')
        for (const problem of problems) {
          expect(problem.code).toMatch(/^TC\d{4}$/)
          expect(problem.message).not.toBe('')
        }
        if (problems.length === 0) expect(() => ajv.compile(schema)).not.toThrow()
      }),
      fuzzParameters,
    )
  }, fuzzTimeout)
})
