import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { CheckerName } from '../../src/analyze/backend.js'
import { backendNames, open, repoRoot, schemaCases, type LocatedOutcome } from './both-backends.js'

// Order through mapped types (issue 31 item 3): TypeScript 7 lists a mapped type's members and a
// union's constituents sorted, TypeScript 6 by type id; the schema has the order the source writes.
// Each case of fixtures/schema/mapped-order.ts writes its keys and values out of alphabetical order.

const folder = path.join(repoRoot, 'fixtures', 'schema')
const file = path.join(folder, 'mapped-order.ts')
const outcomes = new Map<CheckerName, Record<string, LocatedOutcome | undefined>>()

beforeAll(async () => {
  for (const name of backendNames) {
    const backend = open(name, folder, path.join(folder, 'tsconfig.json'), [file])
    try {
      outcomes.set(name, schemaCases(backend, repoRoot, file))
    } finally {
      await backend.close()
    }
  }
}, 120_000)

/** The schema of the one property of a case's parameter. */
function only(checker: CheckerName, name: string): Record<string, any> {
  const schema = outcomes.get(checker)?.[`${name}(…)`]?.schema as { properties?: Record<string, any> } | undefined
  const [value] = Object.values(schema?.properties ?? {})
  return value
}

const keysOf = (checker: CheckerName, name: string) => Object.keys(only(checker, name)?.['properties'] ?? {})
/** The schema of a case's result. */
const result = (checker: CheckerName, name: string): Record<string, any> => outcomes.get(checker)?.[`${name}()`]?.schema as Record<string, any>
const health = ['ok', 'degraded', 'down', null]

describe('order through mapped types, on both checkers', () => {
  test('both checkers give the same bytes for every case, with no problems', () => {
    const [morph, native] = backendNames.map((name) => outcomes.get(name))
    expect(Object.keys(morph ?? {}).length).toBeGreaterThan(10)
    expect(JSON.stringify(native)).toBe(JSON.stringify(morph))
    for (const [name, outcome] of Object.entries(morph ?? {})) if (name.endsWith('(…)')) expect(outcome?.problems, name).toEqual([])
  })

  test.each(backendNames)("%s: Record<'b' | 'a', V> lists b before a, and requires them in that order", (checker) => {
    expect(keysOf(checker, 'recordKeys')).toEqual(['b', 'a'])
    expect(only(checker, 'recordKeys')['required']).toEqual(['b', 'a'])
  })

  test.each(backendNames)('%s: Record over an aliased key union lists the keys as the alias writes them', (checker) => {
    expect(keysOf(checker, 'recordAlias')).toEqual(['us-west-2', 'eu-central-1', 'ap-south-1'])
  })

  test.each(backendNames)('%s: Partial<Record<Region, V>> and an alias of it keep the key order, and the value union its written order', (checker) => {
    expect(keysOf(checker, 'partialRecord')).toEqual(['us-west-2', 'eu-central-1', 'ap-south-1'])
    expect(keysOf(checker, 'aliasedRecord')).toEqual(['us-west-2', 'eu-central-1', 'ap-south-1'])
  })

  test.each(backendNames)('%s: a union as a Record value, written directly or through an alias of Partial<Record<…>>, keeps the order it has as a plain property', (checker) => {
    expect(only(checker, 'plainProperty')['enum']).toEqual(health)
    expect(only(checker, 'recordValue')['properties']['b']['enum']).toEqual(health)
    expect(only(checker, 'aliasedRecord')['properties']['us-west-2']['enum']).toEqual(health)
  })

  test.each(backendNames)("%s: Pick<T, 'replicas' | 'name'> lists the picked keys as the key union writes them", (checker) => {
    expect(keysOf(checker, 'pick')).toEqual(['replicas', 'name'])
  })

  test.each(backendNames)("%s: { [K in 'b' | 'a']: V } lists b before a, and a union value keeps its written order", (checker) => {
    expect(keysOf(checker, 'mappedKeys')).toEqual(['b', 'a'])
    expect(keysOf(checker, 'mappedValue')).toEqual(['b', 'a'])
    expect(only(checker, 'mappedValue')['properties']['a']['enum']).toEqual(['on', 'off', 'auto'])
  })

  test.each(backendNames)('%s: a homomorphic mapped type keeps its source type\'s member order, and a union value its written order', (checker) => {
    expect(keysOf(checker, 'homomorphic')).toEqual(['zone', 'name', 'replicas', 'image'])
    expect(keysOf(checker, 'homomorphicValue')).toEqual(['zone', 'name', 'replicas', 'image'])
    expect(only(checker, 'homomorphicValue')['properties']['image']['enum']).toEqual(['on', 'off', 'auto'])
  })

  test.each(backendNames)('%s: key remapping with `as` lists the renamed keys in the order of the keys they come from', (checker) => {
    expect(keysOf(checker, 'remapped')).toEqual(['zoneLabel', 'nameLabel', 'replicasLabel', 'imageLabel'])
    expect(keysOf(checker, 'remappedUnion')).toEqual(['xZz', 'xB', 'xYy'])
  })

  test.each(backendNames)('%s: Record<keyof typeof X, V> lists the keys in the order X declares them', (checker) => {
    expect(keysOf(checker, 'keyofDriven')).toEqual(['warn', 'error', 'info'])
    expect(only(checker, 'keyofUnion')['enum']).toEqual(['zone', 'name', 'replicas', 'image'])
  })

  test.each(backendNames)("%s: a handler's result keeps the same orders, written directly, through a Promise or streamed", (checker) => {
    expect(Object.keys(result(checker, 'recordResult')['properties'])).toEqual(['b', 'a'])
    expect(result(checker, 'recordResult')['properties']['a']['enum']).toEqual(health)
    expect(Object.keys(result(checker, 'remappedResult')['properties'])).toEqual(['zoneLabel', 'nameLabel', 'replicasLabel', 'imageLabel'])
    expect(Object.keys(result(checker, 'promisedResult')['properties'])).toEqual(['us-west-2', 'eu-central-1', 'ap-south-1'])
    expect(result(checker, 'promisedUnion')['enum']).toEqual(['on', 'off', 'auto'])
    expect(Object.keys(result(checker, 'streamedResult')['properties'])).toEqual(['bShare', 'aShare'])
  })
})
