import { writeFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { backendNames } from '../backends/both-backends.js'
import { fuzzRuns } from './fuzz.js'
import { runOracle, type Disagreement, type Sample } from './oracle/run-oracle.js'
import { choiceList } from './oracle/schema-values.js'
import { initialisedDefaults, renderType, typeSpec, type ObjectSpec, type PropSpec, type TypeSpec } from './oracle/type-grammar.js'

/**
 * The TypeScript checker as the oracle of the catalog. Types are generated from a grammar of what
 * users write (oracle/type-grammar.ts), each becomes a tool `execute(args: { v: T })` of a project
 * built on each checker, and values are drawn from each derived schema and mutated at random paths
 * (oracle/schema-values.ts). Every value is sent to the built registry (precompiled validators) and
 * to the runtime compiler, and TypeScript 7 is asked about it — one program for every pair — as
 * `const c: P = <value>` (the value as a fresh literal) and as `loose<P>()(<value>)` (the value as a
 * type, `<V extends P>`, so keys P does not declare are not counted).
 *
 * The comparison rules, the only differences allowed (README, "Authoring a tool", says the same):
 * 1. A key the type does not declare is dropped by the registry, where TypeScript's excess-property
 *    check (TS2353, TS2561) or weak-type check (TS2559) refuses the literal: the registry may accept
 *    a value TypeScript refuses only when the value as a type is accepted, or TypeScript's only
 *    complaints are those, and the handler then receives the value without those keys.
 * 2. A string that is exactly the JSON text of a number or boolean, where only a number or boolean
 *    fits, is coerced; the value with that coercion is what rule 1 is applied to.
 * 3. JSON has no `undefined`: the grammar writes `undefined` only in optional members, where it
 *    means absent. What only JSDoc can say (integers, formats, patterns, bounds) is not generated:
 *    TypeScript cannot check it.
 * 4. Enums are compared by their values (JSON carries the value, never the member): TypeScript is
 *    asked about the literal union of a string enum's values; a numeric enum stays as written, since
 *    TypeScript takes a number for it by value (and a conditional type reads it as the tool's does:
 *    `Extract<E.M1 | number, E.M1>` is `number`).
 * 5. An object type that declares no member (`{}`) is an empty object, where TypeScript lets any
 *    value but null and undefined through: the grammar never writes one (Pick takes a key, Omit
 *    leaves one).
 * 6. The text of a `${number}` placeholder too large for a double (`1e999`) is accepted, where
 *    TypeScript refuses it: which texts overflow is no regular language (the digits before the
 *    point and the exponent trade off), so no pattern can say it.
 * 7. A data class's field initialised with a literal or an enum member (`size = 1`, `kind = E.M0`)
 *    has that value as its default: a value leaving it out is accepted, where TypeScript requires
 *    the field, and reaches the handler with the default filled in, which TypeScript must accept.
 * TypeScript is asked about a value as a fresh literal and as its own literal type (arrays as
 * tuples): the second counts neither undeclared keys nor the widening of a fresh literal's string
 * to `string` where only an intersection's index signature asks for more.
 * A parameter type that admits no value (`{ v: { a: never } }`) is build error TC1006; its values are
 * then drawn from an open schema, all refused, and TypeScript must refuse them too.
 * Everything else must agree: a value TypeScript accepts is accepted and reaches the handler
 * unchanged; a value the registry accepts reaches the handler as a value TypeScript accepts;
 * precompiled and runtime validators answer alike.
 */

/** Pairs per checker: over 5,000 in the normal run, 30 a fuzz run under `npm run test:fuzz` (30,000 there). */
const TARGET_PAIRS = Number(process.env['TOOLCAT_ORACLE_PAIRS'] ?? Math.max(5_100, fuzzRuns * 30))
const seed = Number(process.env['TOOLCAT_FUZZ_SEED'] ?? 20_261_205)

const sample: fc.Arbitrary<Sample> = fc.record({ spec: typeSpec, values: fc.array(choiceList, { minLength: 24, maxLength: 40 }) })

/** The samples of one run, exactly as fast-check generates them for `seed` (so a path replays one). */
function samples(): Sample[] {
  const found: Sample[] = []
  let pairs = 0
  fc.assert(
    fc.property(sample, (one) => {
      if (pairs < TARGET_PAIRS) {
        found.push(one)
        pairs += one.values.length
      }
    }),
    { seed, numRuns: Math.ceil(TARGET_PAIRS / 10) },
  )
  return found
}

function describeDisagreement(found: Disagreement): string {
  return [`rule: ${found.rule}`, `type: { v: ${found.type} }`, found.declarations === '' ? undefined : `declarations:\n${found.declarations}`, `value: ${JSON.stringify(found.value)}`, found.detail].filter((line) => line !== undefined).join('\n')
}

/**
 * Shrinks the first failing sample with fast-check (its path replayed from the seed), each step a
 * run of its own; bounded, so a failure still ends: the smallest failing case found in the budget.
 */
async function shrink(index: number, checker: (typeof backendNames)[number]): Promise<string> {
  let steps = 0
  let smallest: Disagreement | undefined
  const deadline = Date.now() + 240_000
  await fc.assert(
    fc.asyncProperty(sample, async (one) => {
      if (steps++ > 80 || Date.now() > deadline) return true
      const run = await runOracle([one], checker)
      const [first] = run.disagreements
      if (first === undefined && run.buildProblems.length === 0) return true
      smallest = first ?? smallest
      return false
    }),
    { seed, path: String(index), numRuns: 1, endOnFailure: false },
  ).catch(() => undefined)
  return smallest === undefined ? '(shrinking found nothing smaller)' : describeDisagreement(smallest)
}

describe('the registry accepts exactly the values TypeScript accepts', () => {
  const generated = samples()
  const catalogs = new Map<string, string>()
  test.each(backendNames)('on %s', async (checker) => {
    const started = performance.now()
    const run = await runOracle(generated, checker)
    catalogs.set(checker, run.catalog)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const phases = Object.entries(run.seconds).map(([phase, taken]) => `${phase} ${taken} s`).join(', ')
    console.info(`type oracle on ${checker}: ${run.pairs} pairs of ${generated.length} types, ${run.disagreements.length} disagreements, ${seconds} s (${phases}; seed ${seed})`)
    const report = process.env['TOOLCAT_ORACLE_REPORT']
    if (report !== undefined) writeFileSync(`${report}.${checker}.json`, JSON.stringify(run, null, 1))
    expect(run.buildProblems, `build problems (seed ${seed})`).toEqual([])
    expect(run.skipped, `samples TypeScript refused to declare (seed ${seed})`).toEqual([])
    expect(run.pairs).toBeGreaterThanOrEqual(TARGET_PAIRS)
    if (run.disagreements.length > 0) {
      const first = run.disagreements[0] as Disagreement
      const smallest = await shrink(first.sample, checker)
      const rendered = renderType((generated[first.sample] as Sample).spec, 'tool')
      expect.fail(
        `${run.disagreements.length} disagreements on ${checker} (seed ${seed}, path ${first.sample}; TOOLCAT_FUZZ_SEED reruns another seed).\n` +
          `first:\n${describeDisagreement(first)}\nsmallest after shrinking:\n${smallest}\n(type as generated: ${rendered.type})`,
      )
    }
  }, 300_000 + TARGET_PAIRS * 40)

  test('both checkers write the same catalog bytes for every generated type, as parameter and as result', () => {
    const [first, second] = backendNames.map((name) => catalogs.get(name))
    expect(first, 'both checkers built').toBeDefined()
    expect(second, `the two checkers' catalogs (seed ${seed})`).toBe(first)
  })
})

const prop = (name: string, spec: TypeSpec, more: Partial<PropSpec> = {}): PropSpec => ({ name, optional: false, readonly: false, nullable: false, spec, ...more })
const object = (props: PropSpec[], more: Partial<ObjectSpec> = {}): ObjectSpec => ({ k: 'object', props, index: undefined, form: 'literal', base: undefined, ...more })
const numberSpec: TypeSpec = { k: 'primitive', name: 'number' }

describe('the grammar asks TypeScript what the tool declares', () => {
  test('an indexed access takes a key the rendered type requires: a spec with a base is an interface extending it, whatever its form', () => {
    // `id` is the base's optional member (so `X["id"]` would carry `undefined` into a required member); `x` is required.
    const base = object([prop('id', numberSpec, { optional: true }), prop('x', numberSpec)])
    const { declarations, type } = renderType({ k: 'indexed', of: object([prop('id', numberSpec)], { base }), key: 0 }, 'oracle')
    expect(declarations).toContain('interface I2 extends I3')
    expect(type).toBe('X1["x"]')
  })

  test('a numeric enum stays an enum for the oracle, so a conditional type reads it as the tool does; a string enum is its values', () => {
    const numeric: TypeSpec = { k: 'enum', numeric: true, values: [2, 1], member: 1 }
    const filter: TypeSpec = { k: 'filter', op: 'Extract', of: [numeric, numberSpec], by: [0] }
    const tool = renderType(filter, 'tool')
    expect(renderType(filter, 'oracle')).toEqual(tool)
    expect(tool.type).toMatch(/^Extract<U\d, \(E\d\.M1\)>$/)
    expect(renderType({ k: 'enum', numeric: false, values: ['on', 'off'], member: undefined }, 'oracle')).toEqual({ declarations: '', type: '"on" | "off"' })
  })

  test('an enum spec written twice (an index signature copied to its members) is one enum', () => {
    const member: TypeSpec = { k: 'enum', numeric: true, values: [0, 5], member: 0 }
    const { declarations } = renderType(object([prop('a', member), prop('b', member)], { index: member }), 'tool')
    expect(declarations.match(/^enum /gm)).toHaveLength(1)
  })

  test("a data class's field of a literal, primitive or enum type may be initialised, and its value is a default the registry may fill in", () => {
    const kinds: TypeSpec = { k: 'enum', numeric: false, values: ['on', 'off'], member: undefined }
    const spec = object([prop('kind', kinds, { initialised: true }), prop('size', numberSpec, { initialised: true, optional: true }), prop('x', { k: 'array', item: numberSpec, style: 'T[]' }, { initialised: true })], { form: 'class' })
    expect(renderType(spec, 'tool').declarations).toBe('enum E2 { M0 = "on", M1 = "off" }\nclass C1 {\n  "kind": (E2) = E2.M0\n  "size"?: (number) | undefined = 1\n  "x"!: ((number)[])\n}')
    expect(renderType(spec, 'oracle').declarations).toContain('"kind": ("on" | "off") = "on"')
    expect([...initialisedDefaults({ k: 'array', item: spec, style: 'T[]' })]).toEqual(['kind="on"', 'size=1'])
  })
})

