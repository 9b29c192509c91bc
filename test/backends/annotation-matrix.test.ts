import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BuildResult } from '../../src/analyze/index.js'
import type { CheckerName } from '../../src/analyze/backend.js'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import type { JsonSchema } from '../../src/runtime/types.js'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import type { LazyRegistry } from '../../src/index.js'
import { tempProject } from '../reliability/temp-project.js'
import { backendNames, buildOnEachChecker } from './both-backends.js'

// Every annotation survives every operator: a generated project of one tool per (carrier, context)
// pair, built once per checker. Each carrier writes a JSDoc block with a description no other
// carrier has and one constraint; the test finds the schema holding that description and requires
// the constraint beside it, and both checkers to write the same bytes and the same diagnostics.

/** A carrier: declarations that put a JSDoc block on a type `T<n>`, and the keywords it must give. */
interface Carrier {
  readonly name: string
  readonly declare: (id: string) => string
  readonly keywords: (id: string) => JsonSchema
  /** For a constraint: a value of `T<n>` the annotation admits, and values it refuses (the registry must refuse each, in every context). */
  readonly verdicts?: { readonly admitted: unknown; readonly refused: readonly unknown[] }
}

const carriers: readonly Carrier[] = [
  {
    name: 'a one-line JSDoc on an alias, inline tags',
    declare: (id) => `/** Alias ${id}. @minimum 1 @integer */\ntype T${id} = number\n`,
    keywords: (id) => ({ type: 'integer', description: `Alias ${id}.`, minimum: 1 }),
    verdicts: { admitted: 2, refused: [0, 1.5] },
  },
  {
    name: 'a multi-line JSDoc on an alias',
    declare: (id) => `/**\n * Alias ${id}.\n * @maxLength 9\n * @example "abc"\n */\ntype T${id} = string\n`,
    keywords: (id) => ({ type: 'string', description: `Alias ${id}.`, maxLength: 9, examples: ['abc'] }),
    verdicts: { admitted: 'abc', refused: ['abcdefghij'] },
  },
  {
    name: "a property's one-line JSDoc with inline tags, written after `{`",
    declare: (id) => `interface T${id} { /** Own ${id}. @minLength 2 */ v: string; w: number }\n`,
    keywords: (id) => ({ type: 'string', description: `Own ${id}.`, minLength: 2 }),
    verdicts: { admitted: { v: 'ab', w: 1 }, refused: [{ v: 'a', w: 1 }] },
  },
  {
    name: "a property's multi-line JSDoc with @default and @deprecated",
    declare: (id) => `interface T${id} {\n  /**\n   * Own ${id}.\n   * @default 3\n   * @deprecated\n   */\n  v: number\n  w: number\n}\n`,
    keywords: (id) => ({ type: 'number', description: `Own ${id}.`, default: 3, deprecated: true }),
  },
  {
    name: "a property's JSDoc inherited from an extended interface",
    declare: (id) => `interface B${id} {\n  /** Own ${id}. @maxLength 4 */ v: string\n}\ninterface T${id} extends B${id} { w: number }\n`,
    keywords: (id) => ({ type: 'string', description: `Own ${id}.`, maxLength: 4 }),
    verdicts: { admitted: { v: 'abcd', w: 1 }, refused: [{ v: 'abcde', w: 1 }] },
  },
  {
    name: 'a description with an @word mid-sentence, on an alias',
    declare: (id) => `/** Alias ${id}, owned by @platform. @minimum 0 */\ntype T${id} = number\n`,
    keywords: (id) => ({ type: 'number', description: `Alias ${id}, owned by @platform.`, minimum: 0 }),
    verdicts: { admitted: 0, refused: [-1] },
  },
  {
    name: 'a description with an @word mid-sentence, on a property',
    declare: (id) => `interface T${id} {\n  /**\n   * Ask @ops before changing ${id}.\n   * @minLength 1\n   */\n  v: string\n  w: number\n}\n`,
    keywords: (id) => ({ type: 'string', description: `Ask @ops before changing ${id}.`, minLength: 1 }),
    verdicts: { admitted: { v: 'a', w: 1 }, refused: [{ v: '', w: 1 }] },
  },
  {
    name: 'an @example on an alias',
    declare: (id) => `/** Alias ${id}. @example 7 */\ntype T${id} = number\n`,
    keywords: (id) => ({ type: 'number', description: `Alias ${id}.`, examples: [7] }),
  },
  {
    name: '@deprecated on an alias',
    declare: (id) => `/**\n * Alias ${id}.\n * @deprecated use the other one\n */\ntype T${id} = string\n`,
    keywords: (id) => ({ type: 'string', description: `Alias ${id}.`, deprecated: true }),
  },
  {
    name: "issue 31's ReplicaCount: bounds and @integer on an alias",
    declare: (id) => `/**\n * Replicas ${id}.\n * @minimum 0\n * @maximum 50\n * @integer\n */\ntype T${id} = number\n`,
    keywords: (id) => ({ type: 'integer', description: `Replicas ${id}.`, minimum: 0, maximum: 50 }),
    verdicts: { admitted: 3, refused: [-1, 3.5, 999] },
  },
]

/** A context: how `T<n>` is used as the tool's one parameter property `p`, and where a value of `T<n>` sits in `p`'s value. */
interface Context {
  readonly use: (t: string) => string
  readonly place: (value: unknown) => unknown
}

const contexts: Readonly<Record<string, Context>> = {
  direct: { use: (t) => `p: ${t}`, place: (x) => x },
  'array element': { use: (t) => `p: ${t}[]`, place: (x) => [x] },
  'tuple element': { use: (t) => `p: [${t}, string]`, place: (x) => [x, 's'] },
  'Record<K, ·> value': { use: (t) => `p: Record<'a' | 'b', ${t}>`, place: (x) => ({ a: x, b: x }) },
  'Record<string, ·> value': { use: (t) => `p: Record<string, ${t}>`, place: (x) => ({ a: x }) },
  'Partial<Record<…>>': { use: (t) => `p: Partial<Record<'a' | 'b', ${t}>>`, place: (x) => ({ a: x }) },
  'Readonly<Record<…>>': { use: (t) => `p: Readonly<Record<'a', ${t}>>`, place: (x) => ({ a: x }) },
  'Required<Partial<Record<…>>>': { use: (t) => `p: Required<Partial<Record<'a' | 'b', ${t}>>>`, place: (x) => ({ a: x, b: x }) },
  'mapped type value': { use: (t) => `p: { [K in 'a' | 'b']: ${t} }`, place: (x) => ({ a: x, b: x }) },
  'generic alias of a mapped type': { use: (t) => `p: PerKey<${t}>`, place: (x) => ({ a: x }) },
  'generic alias of Partial<Record<…>>': { use: (t) => `p: PerRegion<${t}>`, place: (x) => ({ a: x }) },
  'key-remapping mapped type of a member': { use: (t) => `p: Renamed<{ q: ${t} }>`, place: (x) => ({ qOf: x }) },
  'Required<…> of a member': { use: (t) => `p: Required<{ q?: ${t} }>`, place: (x) => ({ q: x }) },
  'Readonly<…> of a member': { use: (t) => `p: Readonly<{ q: ${t} }>`, place: (x) => ({ q: x }) },
  'Pick of a member': { use: (t) => `p: Pick<{ q: ${t}; r: string }, 'q'>`, place: (x) => ({ q: x }) },
  'Omit of a member': { use: (t) => `p: Omit<{ q: ${t}; r: string }, 'r'>`, place: (x) => ({ q: x }) },
  'homomorphic mapped type of a member': { use: (t) => `p: Mutable<{ readonly q: ${t} }>`, place: (x) => ({ q: x }) },
  optional: { use: (t) => `p?: ${t}`, place: (x) => x },
  nullable: { use: (t) => `p: ${t} | null`, place: (x) => x },
  'union member': { use: (t) => `p: ${t} | { other: boolean }`, place: (x) => x },
  'intersection member': { use: (t) => `p: { q: ${t} } & { r: string }`, place: (x) => ({ q: x, r: 's' }) },
  'generic wrapper': { use: (t) => `p: Box<${t}>`, place: (x) => ({ v: x }) },
  'class field': { use: (t) => `p: Holder<${t}>`, place: (x) => ({ v: x }) },
}

/** Contexts that map an object's members, for the carriers whose annotation sits on a member. */
const memberContexts: Readonly<Record<string, Context>> = {
  Pick: { use: (t) => `p: Pick<${t}, 'v'>`, place: (x) => x },
  Omit: { use: (t) => `p: Omit<${t}, 'w'>`, place: (x) => x },
  Partial: { use: (t) => `p: Partial<${t}>`, place: (x) => x },
  Required: { use: (t) => `p: Required<${t}>`, place: (x) => x },
  Readonly: { use: (t) => `p: Readonly<${t}>`, place: (x) => x },
  'homomorphic mapped type': { use: (t) => `p: Mutable<${t}>`, place: (x) => x },
  'key-remapping mapped type': { use: (t) => `p: Renamed<${t}>`, place: (x) => Object.fromEntries(Object.entries(x as object).map(([key, value]) => [`${key}Of`, value])) },
}

interface Case {
  readonly tool: string
  readonly carrier: Carrier
  readonly context: string
  readonly place: Context['place']
  readonly id: string
}

function matrix(): { files: Record<string, string>; cases: Case[] } {
  const cases: Case[] = []
  const files: Record<string, string> = {}
  const shared = "export interface Box<X> { v: X }\nexport class Holder<X> { v!: X }\nexport type Mutable<X> = { -readonly [K in keyof X]: X[K] }\n" +
    "export type PerKey<X> = { [K in 'a' | 'b']?: X }\nexport type PerRegion<X> = Partial<Record<'a' | 'b', X>>\n" +
    "export type Renamed<X> = { [K in keyof X as `${K & string}Of`]: X[K] }\n"
  files['tools/shared.ts'] = shared
  files['tools/documented.ts'] =
    "import { defineTool } from 'toolcat'\n\n/**\n * Restart a service; page @oncall first.\n * @example { \"service\": \"api\" }\n */\n" +
    "export const tool = defineTool({\n  name: 'documented',\n  execute(args: { service: string }) {\n    return 1\n  },\n})\n"
  files['tools/defaults.ts'] =
    "import { defineTool } from 'toolcat'\n\nenum RecordType { A = 'A', AAAA = 'AAAA' }\nconst LARGE = 'large'\n\n" +
    "export const tool = defineTool({\n  name: 'defaults',\n  execute({ type = RecordType.AAAA, size = LARGE, n = Math.max(1, 2) }: { type?: RecordType; size?: 'large' | 'small'; n?: number }) {\n    return 1\n  },\n})\n"
  carriers.forEach((carrier, carrierIndex) => {
    // The carriers on a member (an interface `T<n>` with members `v` and `w`) also meet the operators that map members.
    const own = /property/.test(carrier.name) ? { ...contexts, ...memberContexts } : contexts
    Object.entries(own).forEach(([context, { use, place }], contextIndex) => {
      const id = `${carrierIndex}x${contextIndex}`
      const tool = `c${id}`
      cases.push({ tool, carrier, context, place, id })
      files[`tools/${tool}.ts`] =
        `import { defineTool } from 'toolcat'\nimport type { Box, Holder, Mutable, PerKey, PerRegion, Renamed } from './shared.js'\n\n${carrier.declare(id)}\n` +
        `export const tool = defineTool({\n  name: '${tool}',\n  execute(args: { ${use(`T${id}`)} }) {\n    return 1\n  },\n})\n`
    })
  })
  return { files, cases }
}

/** Every schema object under `schema` (itself included) whose description is `description`. */
function holders(schema: unknown, description: string): Record<string, unknown>[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => holders(item, description))
  if (schema === null || typeof schema !== 'object') return []
  const object = schema as Record<string, unknown>
  return [...(object['description'] === description ? [object] : []), ...Object.values(object).flatMap((value) => holders(value, description))]
}

const { files, cases } = matrix()
let root = ''
const builds = new Map<CheckerName, BuildResult>()
const registries = new Map<CheckerName, LazyRegistry>()

beforeAll(async () => {
  root = tempProject({
    ...files,
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['tools'] }),
  })
  for (const [checker, build] of await buildOnEachChecker(root)) {
    builds.set(checker, build)
    // The registry a user gets: the catalog written out with precompiled validators, imported.
    const outDir = `out-${checker}`
    await writeOutDir(build.catalog as never, { root, outDir })
    const { createRegistry } = (await import(pathToFileURL(path.join(root, outDir, 'registry.js')).href)) as { createRegistry(): LazyRegistry }
    registries.set(checker, createRegistry())
  }
}, 240_000)

afterAll(() => {
  builds.clear()
  registries.clear()
})

describe('every annotation survives every operator, on both checkers', () => {
  test('both checkers write the same catalog bytes and the same diagnostics', () => {
    const [morph, native] = backendNames.map((name) => builds.get(name))
    expect(native?.diagnostics).toEqual(morph?.diagnostics)
    expect(serializeCatalog(native?.catalog ?? { tools: [] } as never)).toBe(serializeCatalog(morph?.catalog ?? { tools: [] } as never))
  })

  test.each(backendNames)('%s: each annotation lands on the value it describes, or a warning says why not', (checker) => {
    const build = builds.get(checker)
    const missing: string[] = []
    for (const { tool, carrier, context, id } of cases) {
      const entry = build?.catalog.tools.find((candidate) => candidate.name === tool)
      const expected = carrier.keywords(id)
      const found = holders(entry?.parameters, expected['description'] as string)
      const warned = build?.diagnostics.some((diagnostic) => diagnostic.file === `tools/${tool}.ts` && diagnostic.severity === 'warning')
      const lands = found.length > 0 && found.every((holder) => Object.entries(expected).every(([key, value]) => JSON.stringify(holder[key]) === JSON.stringify(value)))
      if (!lands && !warned) missing.push(`${carrier.name} × ${context}: ${JSON.stringify(found)}`)
    }
    expect(missing).toEqual([])
  })
})

describe('the built registry holds every constraint in every context, on both checkers', () => {
  test.each(backendNames)('%s: a value the annotation admits is accepted and each it refuses is refused, in every context', async (checker) => {
    const registry = registries.get(checker)
    const wrong: string[] = []
    let calls = 0
    for (const { tool, carrier, context, place } of cases) {
      if (carrier.verdicts === undefined) continue
      const verdict = async (value: unknown) => (await registry?.call(tool, { p: place(value) }))?.success
      calls++
      if ((await verdict(carrier.verdicts.admitted)) !== true) wrong.push(`${carrier.name} × ${context}: refused ${JSON.stringify(carrier.verdicts.admitted)}`)
      for (const value of carrier.verdicts.refused) if ((await verdict(value)) !== false) wrong.push(`${carrier.name} × ${context}: accepted ${JSON.stringify(value)}`)
    }
    expect(calls).toBeGreaterThan(100)
    expect(wrong).toEqual([])
  })
})

describe('the findings of issue 31, each on both checkers', () => {
  const parameters = (checker: CheckerName, tool: string) => builds.get(checker)?.catalog.tools.find((entry) => entry.name === tool)?.parameters as Record<string, any> | undefined
  const caseAt = (carrier: number, context: string) => cases.find((entry) => entry.carrier === carriers[carrier] && entry.context === context)
  const caseOf = (carrier: number, context: string) => caseAt(carrier, context)?.tool ?? ''

  test.each(backendNames)('%s: an alias with @minimum @integer keeps them as the value of Partial<Record<Region, Alias>> (the registry refused no -1, 3.5, 999)', (checker) => {
    const value = parameters(checker, caseOf(0, 'Partial<Record<…>>'))?.['properties']?.p?.properties?.a
    expect(value).toMatchObject({ type: 'integer', minimum: 1 })
  })

  test.each(backendNames)('%s: a one-line JSDoc with an inline tag written after `{` survives Omit, declared directly and inherited', (checker) => {
    expect(parameters(checker, caseOf(2, 'Omit'))?.['properties']?.p?.properties?.v).toMatchObject({ minLength: 2, description: `Own ${caseAt(2, 'Omit')?.id ?? ''}.` })
    expect(parameters(checker, caseOf(4, 'Omit'))?.['properties']?.p?.properties?.v).toMatchObject({ maxLength: 4 })
  })

  test.each(backendNames)('%s: a tool-level @example is a warning with the fix, and an @word mid-sentence stays in its description', (checker) => {
    const tool = builds.get(checker)?.catalog.tools.find((entry) => entry.name === 'documented')
    expect(tool?.description).toBe('Restart a service; page @oncall first.')
    const found = builds.get(checker)?.diagnostics.filter((diagnostic) => diagnostic.file === 'tools/documented.ts')
    expect(found?.map(({ code, severity, line, column, message }) => ({ code, severity, line, column, message }))).toEqual([
      { code: 'TC1014', severity: 'warning', line: 7, column: 1, message: '@example on a tool is not carried into the catalog (a tool has no examples, only its parameters do)' },
    ])
  })

  test.each(backendNames)('%s: a destructuring default written as an enum member (or a const) is its value, checked like @default; an unreadable one is a warning', (checker) => {
    const properties = parameters(checker, 'defaults')?.['properties']
    expect(properties?.type).toEqual({ type: 'string', enum: ['A', 'AAAA'], default: 'AAAA' })
    expect(properties?.size).toEqual({ type: 'string', enum: ['large', 'small'], default: 'large' })
    expect(properties?.n).toEqual({ type: 'number' })
    const warnings = builds.get(checker)?.diagnostics.filter((diagnostic) => diagnostic.file === 'tools/defaults.ts')
    expect(warnings?.map(({ code, severity, line, column, message }) => ({ code, severity, line, column, message }))).toEqual([
      { code: 'TC1014', severity: 'warning', line: 8, column: 51, message: 'n: the default `Math.max(1, 2)` is not a value the build can read; left out of the schema' },
    ])
  })
})
