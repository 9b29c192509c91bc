import fc from 'fast-check'
import canonicalProperties from 'unicode-canonical-property-names-ecmascript'
import propertyAliases from 'unicode-property-aliases-ecmascript'
import valueAliases from 'unicode-match-property-value-ecmascript/data/mappings.js'
import { describe, expect, test } from 'vitest'
import { linearRegExp } from '../../src/runtime/validator-runtime/linear-reg-exp.js'
import { fuzzParameters, fuzzRuns, fuzzTimeout } from './fuzz.js'

// Every `\p{…}` a `@pattern` may hold is matched by RE2JS after a rewrite: it must match exactly
// the code points JavaScript's RegExp (flag u) matches. The escapes are enumerated from the
// ECMAScript property tables (mathiasbynens' unicode-*-ecmascript packages, which regexpu and Babel
// use): every binary property by name and alias, every General_Category value and alias bare and
// with `gc=` / `General_Category=`, every Script value and alias with `sc=` / `Script=` and
// `scx=` / `Script_Extensions=`. Those this engine does not know (a newer Unicode than its own) are
// left out, as `new RegExp` refuses them.

const nonBinary = new Set(['General_Category', 'Script', 'Script_Extensions'])
const namesOf = (canonical: string): string[] => [canonical, ...[...propertyAliases].filter(([, to]) => to === canonical).map(([alias]) => alias)]
const valuesOf = (property: string): string[] => {
  const values = valueAliases.get(property) ?? new Map<string, string>()
  return [...new Set([...values.keys(), ...values.values()])]
}

/** Every property escape body in the ECMAScript tables that this engine accepts, with the canonical property it belongs to. */
function escapeBodies(): { body: string; property: string }[] {
  const bodies: { body: string; property: string }[] = []
  for (const property of canonicalProperties) {
    if (nonBinary.has(property)) continue
    for (const name of namesOf(property)) bodies.push({ body: name, property })
  }
  for (const value of valuesOf('General_Category')) {
    bodies.push({ body: value, property: 'General_Category' })
    for (const name of namesOf('General_Category')) bodies.push({ body: `${name}=${value}`, property: 'General_Category' })
  }
  for (const property of ['Script', 'Script_Extensions']) {
    for (const value of valuesOf('Script')) for (const name of namesOf(property)) bodies.push({ body: `${name}=${value}`, property })
  }
  return bodies.filter(({ body }) => {
    try {
      new RegExp(`\\p{${body}}`, 'u')
      return true
    } catch {
      return false
    }
  })
}

const bodies = escapeBodies()
const LAST = 0x10ffff

/** The forms an escape takes in a pattern: alone, negated, in a class, in a negated class, negated in a class beside another member. */
const forms = (body: string): string[] => [`^\\p{${body}}$`, `^\\P{${body}}$`, `^[\\p{${body}}]$`, `^[^\\p{${body}}]$`, `^[\\P{${body}}_]$`]

/** Where to look for an escape's edges: windows of code points, and single ones. */
interface Probe {
  readonly windows: readonly number[]
  readonly points: readonly number[]
}

/** Windows over the BMP and the supplementary planes where most is assigned, for the exhaustive pass over canonical names. */
const fixedProbe: Probe = {
  windows: [...Array.from({ length: 8 }, (_, index) => index * 0x2000), 0x10000, 0x16800, 0x1d400, 0x1f300, 0x20000, 0xe0000],
  points: [0x10ffff, 0xf0000, 0x100000, 0xd800, 0xdbff, 0xdc00, 0xdfff],
}

const probe: fc.Arbitrary<Probe> = fc.record({
  windows: fc.array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: LAST })), { minLength: 2, maxLength: 4 }),
  // Random code points over all planes, surrogates included (a `u` pattern reads a lone one as a code point).
  points: fc.array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: LAST })), { minLength: 64, maxLength: 192 }),
})

/** The code points to try an escape on: the probe's single ones, and both sides of every edge JavaScript shows in its windows, where a wrong table shows first. */
function samples(body: string, { windows, points }: Probe): number[] {
  const picked = new Set(points)
  const one = new RegExp(`^\\p{${body}}$`, 'u')
  for (const start of windows) {
    let previous: boolean | undefined
    for (let codePoint = start; codePoint <= Math.min(LAST, start + 1023); codePoint++) {
      const matches = one.test(String.fromCodePoint(codePoint))
      if (previous !== undefined && matches !== previous) picked.add(codePoint - 1).add(codePoint)
      previous = matches
    }
    picked.add(start)
  }
  return [...picked]
}

/** The code points (as U+hex) on which the linear matcher and JavaScript disagree, per form of the escape. */
function disagreements(body: string, at: Probe): string[] {
  const points = samples(body, at)
  const found: string[] = []
  for (const pattern of forms(body)) {
    const native = new RegExp(pattern, 'u')
    const linear = linearRegExp(pattern, 'u')
    const differ = points.filter((point) => native.test(String.fromCodePoint(point)) !== linear.test(String.fromCodePoint(point)))
    if (differ.length > 0) found.push(`${pattern}: ${differ.slice(0, 5).map((point) => `U+${point.toString(16).toUpperCase()}`).join(' ')}`)
  }
  return found
}

describe('@pattern with a Unicode property escape matches what JavaScript matches', () => {
  test('the tables give every kind of escape this engine supports', () => {
    const count = (property: string) => bodies.filter((entry) => entry.property === property).length
    // Unicode 15 has 38 categories, 50-odd binary properties of strings-free kind and 160-odd scripts.
    expect(count('General_Category')).toBeGreaterThan(150)
    expect(count('Script')).toBeGreaterThan(600)
    expect(count('Script_Extensions')).toBeGreaterThan(600)
    expect(bodies.length - count('General_Category') - count('Script') - count('Script_Extensions')).toBeGreaterThan(90)
  })

  test('\\p{Cased_Letter} refuses "漢字" as JavaScript does (it is Lu | Ll | Lt, not every letter)', () => {
    for (const body of ['Cased_Letter', 'LC', 'gc=LC']) {
      const pattern = `^\\p{${body}}+$`
      expect(new RegExp(pattern, 'u').test('漢字')).toBe(false)
      expect(linearRegExp(pattern, 'u').test('漢字')).toBe(false)
      expect(linearRegExp(pattern, 'u').test('Abǅ')).toBe(true)
    }
  })

  test('every General_Category value by its canonical name, over sampled code points', () => {
    const canonical = [...new Set(valueAliases.get('General_Category')?.values() ?? [])]
    const supported = canonical.filter((body) => bodies.some((entry) => entry.body === body))
    const found = supported.flatMap((body) => disagreements(body, fixedProbe))
    expect(found).toEqual([])
  }, 120_000)

  test('any escape in any spelling (aliases, gc= / sc= / scx= prefixes), over sampled code points', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bodies.map((entry) => entry.body)), probe, (body, at) => {
        expect(disagreements(body, at)).toEqual([])
      }),
      // Each new spelling costs its ranges' computation (~10 ms): 100 by default, more in `npm run test:fuzz`.
      { ...fuzzParameters, numRuns: process.env['TOOLCAT_FUZZ_RUNS'] === undefined ? 100 : fuzzRuns * 2 },
    )
  }, fuzzTimeout * 4)
})
