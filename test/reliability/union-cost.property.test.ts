import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isToolError, type JsonSchema } from '../../src/index.js'
import { ajvFor } from '../../src/runtime/ajv-instance.js'
import { planValidation } from '../../src/runtime/normalise/validation-plan.js'
import { argumentParser, type CompiledValidator } from '../../src/runtime/validation.js'
import { linearRegExp } from '../../src/runtime/validator-runtime/linear-reg-exp.js'
import { fuzzParameters, fuzzRuns } from './fuzz.js'

// Issue 32, item 1: choosing a union's branch costs work linear in the depth of the value. The
// work is counted, not timed: every call of a branch validator, and every time a validator
// (toolcat's parameter validator or a branch's) evaluates a branch schema of the union.

/** One branch of a recursive union with no tag: its own field, and where it nests another node. */
interface Branch {
  readonly field: { readonly name: string; readonly type: 'string' | 'number' | 'boolean' }
  readonly nest: { readonly name: string; readonly array: boolean }
  readonly title: boolean
}

const branch = (index: number, keyword: UnionKeyword): fc.Arbitrary<Branch> =>
  fc.record({
    // A `oneOf`'s branches each require their own field, so a value built for one branch is taken by that branch alone.
    field: fc.record({ name: keyword === 'oneOf' ? fc.constant(`f${index}`) : fc.constantFrom(`f${index}`, 'shared'), type: fc.constantFrom('string' as const, 'number' as const, 'boolean' as const) }),
    // Branches nesting under the same name make every wrong branch walk the whole rest of the value.
    nest: fc.record({ name: fc.constantFrom('children', 'next'), array: fc.boolean() }),
    title: fc.boolean(),
  })

type UnionKeyword = 'anyOf' | 'oneOf'

const unionCase = fc
  .record({ count: fc.integer({ min: 2, max: 4 }), keyword: fc.constantFrom<UnionKeyword>('anyOf', 'oneOf') })
  .chain(({ count, keyword }) => fc.tuple(fc.constant(keyword), ...Array.from({ length: count }, (_unused, index) => branch(index, keyword))))
  .chain(([keyword, ...branches]) =>
    fc.record({
      keyword: fc.constant(keyword),
      branches: fc.constant(branches),
      // The branch each level's node is built for, outermost first; the leaf is built for the last.
      path: fc.array(fc.nat(branches.length - 1), { minLength: 24, maxLength: 24 }),
      validLeaf: fc.boolean(),
    }),
  )

const sample = { string: 's', number: 1, boolean: true } as const
const wrong = { string: 1, number: 's', boolean: 's' } as const

function unionSchema(branches: readonly Branch[], keyword: UnionKeyword): JsonSchema {
  const node = { $ref: '#/definitions/Node' }
  return {
    type: 'object',
    properties: { root: node },
    required: ['root'],
    additionalProperties: false,
    definitions: {
      Node: {
        [keyword]: branches.map(({ field, nest, title }) => ({
          type: 'object',
          'x-visit': true,
          properties: { ...(title && { title: { type: 'string' } }), [field.name]: { type: field.type }, [nest.name]: nest.array ? { type: 'array', items: node } : node },
          required: [field.name],
          additionalProperties: false,
        })),
      },
    },
  }
}

/** A value `depth` levels deep along `path`; its leaf is of the leaf's branch, or has that branch's field of the wrong type. */
function nestedValue(branches: readonly Branch[], path: readonly number[], depth: number, validLeaf: boolean): Record<string, unknown> {
  const leafBranch = branches[path[depth] ?? 0] as Branch
  let value: Record<string, unknown> = { [leafBranch.field.name]: (validLeaf ? sample : wrong)[leafBranch.field.type] }
  for (let level = depth - 1; level >= 0; level--) {
    const { field, nest, title } = branches[path[level] as number] as Branch
    value = { ...(title && { title: 't' }), [field.name]: sample[field.type], [nest.name]: nest.array ? [value] : value }
  }
  return { root: value }
}

/** A parser of `schema` compiled as `compileSchema` compiles it, counting the work done. */
function countingParser(schema: JsonSchema) {
  const work = { units: 0 }
  const plan = planValidation(schema)
  const ajv = ajvFor(plan.schema)
  ajv.addKeyword({ keyword: 'x-visit', schemaType: 'boolean', errors: false, validate: () => (work.units++, true) })
  ajv.addSchema(plan.schema, 'parameters')
  const check = ajv.getSchema('parameters') as CompiledValidator
  const branches = plan.branchPointers.map((pointer) => {
    const validate = ajv.getSchema(`parameters#${pointer}`) as CompiledValidator
    const counted: CompiledValidator = (data) => {
      work.units++
      const valid = validate(data)
      counted.errors = validate.errors ?? null
      return valid
    }
    return counted
  })
  return { parse: argumentParser(schema, check, branches, linearRegExp), work }
}

describe('a recursive union with no tag (anyOf or oneOf) costs work linear in the depth of the value', () => {
  test('at most a bound of the schema alone a level, at every depth up to 24, and a value of the type is accepted', () => {
    fc.assert(
      fc.property(unionCase, ({ keyword, branches, path, validLeaf }) => {
        // Per level, each branch is tried at most as sent, normalised and coerced, checked once chosen or, on a refusal, once more to
        // name the closest; each try is a call and an evaluation of the branch schema, and a refusal replays what each level found.
        const perLevel = 24 * branches.length
        const { parse, work } = countingParser(unionSchema(branches, keyword))
        for (let depth = 0; depth <= 24; depth++) {
          work.units = 0
          let accepted: boolean
          try {
            parse(nestedValue(branches, path, depth, validLeaf))
            accepted = true
          } catch (error) {
            if (!isToolError(error)) throw error
            accepted = false
          }
          // A value of the type is accepted (one with a wrong leaf may still be, once a branch dropped the key holding it).
          if (validLeaf) expect({ keyword, depth, accepted }).toEqual({ keyword, depth, accepted: true })
          // At most `perLevel` units a level: linear, never multiplied by the levels below.
          expect({ keyword, depth, units: work.units }).toEqual({ keyword, depth, units: Math.min(work.units, perLevel * (depth + 1)) })
        }
      }),
      { ...fuzzParameters, numRuns: Math.max(10, Math.round(fuzzRuns / 4)) },
    )
  }, 60_000)
})
