import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BuildResult } from '../../src/analyze/index.js'
import type { CheckerName } from '../../src/analyze/backend.js'
import { serializeCatalog } from '../../src/emit/catalog-json.js'
import type { JsonSchema } from '../../src/runtime/types.js'
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
}

const carriers: readonly Carrier[] = [
  {
    name: 'a one-line JSDoc on an alias, inline tags',
    declare: (id) => `/** Alias ${id}. @minimum 1 @integer */\ntype T${id} = number\n`,
    keywords: (id) => ({ type: 'integer', description: `Alias ${id}.`, minimum: 1 }),
  },
  {
    name: 'a multi-line JSDoc on an alias',
    declare: (id) => `/**\n * Alias ${id}.\n * @maxLength 9\n * @example "abc"\n */\ntype T${id} = string\n`,
    keywords: (id) => ({ type: 'string', description: `Alias ${id}.`, maxLength: 9, examples: ['abc'] }),
  },
  {
    name: "a property's one-line JSDoc with inline tags, written after `{`",
    declare: (id) => `interface T${id} { /** Own ${id}. @minLength 2 */ v: string; w: number }\n`,
    keywords: (id) => ({ type: 'string', description: `Own ${id}.`, minLength: 2 }),
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
  },
  {
    name: 'a description with an @word mid-sentence, on an alias',
    declare: (id) => `/** Alias ${id}, owned by @platform. @minimum 0 */\ntype T${id} = number\n`,
    keywords: (id) => ({ type: 'number', description: `Alias ${id}, owned by @platform.`, minimum: 0 }),
  },
  {
    name: 'a description with an @word mid-sentence, on a property',
    declare: (id) => `interface T${id} {\n  /**\n   * Ask @ops before changing ${id}.\n   * @minLength 1\n   */\n  v: string\n  w: number\n}\n`,
    keywords: (id) => ({ type: 'string', description: `Ask @ops before changing ${id}.`, minLength: 1 }),
  },
]

/** A context: how `T<n>` is used as the tool's one parameter property `p`. */
const contexts: Readonly<Record<string, (t: string) => string>> = {
  direct: (t) => `p: ${t}`,
  'array element': (t) => `p: ${t}[]`,
  'tuple element': (t) => `p: [${t}, string]`,
  'Record<K, ·> value': (t) => `p: Record<'a' | 'b', ${t}>`,
  'Record<string, ·> value': (t) => `p: Record<string, ${t}>`,
  'Partial<Record<…>>': (t) => `p: Partial<Record<'a' | 'b', ${t}>>`,
  'Readonly<Record<…>>': (t) => `p: Readonly<Record<'a', ${t}>>`,
  optional: (t) => `p?: ${t}`,
  nullable: (t) => `p: ${t} | null`,
  'union member': (t) => `p: ${t} | { other: boolean }`,
  'intersection member': (t) => `p: { q: ${t} } & { r: string }`,
  'generic wrapper': (t) => `p: Box<${t}>`,
  'class field': (t) => `p: Holder<${t}>`,
}

/** Contexts that map an object's members, for the carriers whose annotation sits on a member. */
const memberContexts: Readonly<Record<string, (t: string) => string>> = {
  Pick: (t) => `p: Pick<${t}, 'v'>`,
  Omit: (t) => `p: Omit<${t}, 'w'>`,
  Partial: (t) => `p: Partial<${t}>`,
  Required: (t) => `p: Required<${t}>`,
  Readonly: (t) => `p: Readonly<${t}>`,
  'homomorphic mapped type': (t) => `p: Mutable<${t}>`,
}

interface Case {
  readonly tool: string
  readonly carrier: Carrier
  readonly context: string
  readonly id: string
}

function matrix(): { files: Record<string, string>; cases: Case[] } {
  const cases: Case[] = []
  const files: Record<string, string> = {}
  const shared = "export interface Box<X> { v: X }\nexport class Holder<X> { v!: X }\nexport type Mutable<X> = { -readonly [K in keyof X]: X[K] }\n"
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
    Object.entries(own).forEach(([context, use], contextIndex) => {
      const id = `${carrierIndex}x${contextIndex}`
      const tool = `c${id}`
      cases.push({ tool, carrier, context, id })
      files[`tools/${tool}.ts`] =
        `import { defineTool } from 'toolcat'\nimport type { Box, Holder, Mutable } from './shared.js'\n\n${carrier.declare(id)}\n` +
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

beforeAll(async () => {
  root = tempProject({
    ...files,
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['tools'] }),
  })
  for (const [checker, build] of await buildOnEachChecker(root)) builds.set(checker, build)
}, 240_000)

afterAll(() => builds.clear())

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

describe('the findings of issue 31, each on both checkers', () => {
  const parameters = (checker: CheckerName, tool: string) => builds.get(checker)?.catalog.tools.find((entry) => entry.name === tool)?.parameters as Record<string, any> | undefined
  const caseOf = (carrier: number, context: string) => cases.find((entry) => entry.carrier === carriers[carrier] && entry.context === context)?.tool ?? ''

  test.each(backendNames)('%s: an alias with @minimum @integer keeps them as the value of Partial<Record<Region, Alias>> (the registry refused no -1, 3.5, 999)', (checker) => {
    const value = parameters(checker, caseOf(0, 'Partial<Record<…>>'))?.['properties']?.p?.properties?.a
    expect(value).toMatchObject({ type: 'integer', minimum: 1 })
  })

  test.each(backendNames)('%s: a one-line JSDoc with an inline tag written after `{` survives Omit, declared directly and inherited', (checker) => {
    expect(parameters(checker, caseOf(2, 'Omit'))?.['properties']?.p?.properties?.v).toMatchObject({ minLength: 2, description: 'Own 2x14.' })
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
