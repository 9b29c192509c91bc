import path from 'node:path'
import { expect, test } from 'vitest'
import { backendNames, open, repoRoot, schemaCases, type LocatedOutcome } from './both-backends.js'

const folder = path.join(repoRoot, 'fixtures', 'schema')
const file = path.join(folder, 'object-literals.ts')

/** The keys of an output schema's properties, of each `anyOf` member for a union. */
function keys(outcome: LocatedOutcome | undefined): string[][] {
  const schema = outcome?.schema as { properties?: object; anyOf?: { properties?: object }[] } | undefined
  return (schema?.anyOf ?? [schema]).map((member) => Object.keys(member?.properties ?? {}))
}

// TypeScript 6 lists the members written after a spread first (`extra, id`), TypeScript 7 sorts
// them by where they are declared (`Later` after the handler goes last): both must give run-time order.
test('an object literal with spreads lists its keys in the order its value has them, the same on both checkers', async () => {
  const outcomes: Record<string, LocatedOutcome | undefined>[] = []
  for (const name of backendNames) {
    const backend = open(name, folder, path.join(folder, 'tsconfig.json'), [file])
    try {
      outcomes.push(schemaCases(backend, repoRoot, file))
    } finally {
      await backend.close()
    }
  }
  for (const cases of outcomes) {
    expect(keys(cases['spreadFirst()'])).toEqual([['id', 'extra']])
    expect(keys(cases['spreadMiddle()'])).toEqual([['first', 'id', 'name', 'last']])
    expect(keys(cases['spreadNamed()'])).toEqual([['before', 'b', 'a', 'after']])
    // `{ ...args, id: 2 }`: the key keeps its place, the type is the one written last.
    expect(keys(cases['spreadOverride()'])).toEqual([['id', 'name']])
    expect(cases['spreadOverride()']?.schema).toMatchObject({ properties: { id: { type: 'number' } }, required: ['id', 'name'] })
    expect(keys(cases['spreadOptional()'])).toEqual([['b', 'a', 'extra']])
    expect(cases['spreadOptional()']?.schema).toMatchObject({ required: ['extra'] })
    expect(keys(cases['spreadUnion()'])).toEqual([['kind', 'p', 'extra'], ['kind', 'q', 'extra']])
    expect(keys(cases['spreadTwice()'])).toEqual([['zz', 'id', 'b', 'a', 'fixed', 'method']])
  }
  const [morph, native] = outcomes.map((cases) => JSON.stringify(cases))
  expect(native).toBe(morph)
}, 120_000)
