import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCatalog } from '../../src/build.js'
import { codegenAjv } from '../../src/emit/validators/codegen-ajv.js'
import { ownValidatorCode } from '../../src/emit/validators/validator-codegen.js'
import { GROUPS } from '../../src/emit/validators/validator-codegen-subset.js'
import { ajvFor } from '../../src/runtime/ajv-instance.js'
import { planValidation } from '../../src/runtime/normalise/validation-plan.js'
import type { JsonSchema } from '../../src/runtime/types.js'
import { generateCorpus } from '../../bench/corpus/generate.mjs'
import { repoRoot } from '../registry/out-dir.js'
import { loadSchemaFixtures } from '../schema/fixtures.js'
import { handmadeSchemas, valuesOf } from './shared-validator-values.js'

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null }

const scratch = mkdtempSync(path.join(repoRoot, '.tmp', 'validator-codegen-'))
const schemas = new Map<string, JsonSchema>()
// The published helpers (as a built app imports them), not the sources: vitest's CommonJS interop differs from Node's.
let helpers: Record<string, unknown> = {}

/** Schemas written for the generator's corners: escaped names, tuples, open maps, many keys, conditionals, formats, limits, literals. */
const cornerSchemas: Record<string, JsonSchema> = {
  escaped: {
    type: 'object',
    properties: { 'a/b': { type: 'string', minLength: 2 }, 'x~y': { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 }, 'sp ace': { type: ['string', 'null'], maxLength: 3 }, constructor: { type: 'string' } },
    required: ['a/b', 'sp ace'],
    additionalProperties: { type: 'number', maximum: 5 },
  },
  tuple: { type: 'object', properties: { t: { type: 'array', items: [{ type: 'string', format: 'email' }, { const: { k: [1, 2] } }], additionalItems: { type: 'boolean' }, minItems: 1, maxItems: 4 }, u: { type: 'array', items: [{ type: 'null' }], additionalItems: false } } },
  many: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`p${index}`, { type: index % 2 === 0 ? 'string' : 'number' }])), additionalProperties: false, required: ['p0', 'p11'] },
  conditional: {
    type: 'object',
    properties: {
      then_only: { allOf: [{ if: { type: 'object' }, then: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } }] },
      else_only: { if: { type: 'string', minLength: 3 }, else: { type: 'number', minimum: 1 } },
      both: { type: ['object', 'string', 'null'], allOf: [{ if: { type: 'object', required: ['kind'], properties: { kind: { const: 'x' } } }, then: { properties: { v: { type: 'integer' } }, required: ['v'] }, else: { type: ['string', 'null'], pattern: '^[a-z]*$' } }] },
      nested: { if: { if: { type: 'array' }, then: { minItems: 2 } }, then: { type: 'array', items: { type: 'integer' } }, else: { enum: [[1], { a: 1 }, 'z', null, 2] } },
    },
  },
  formats: { type: 'object', properties: Object.fromEntries(['date', 'time', 'date-time', 'uri', 'uri-reference', 'uuid', 'ipv4', 'ipv6', 'hostname', 'email', 'regex', 'duration', 'json-pointer'].map((name) => [name, { type: 'string', format: name }])) },
  numbers: { type: 'object', properties: { i: { type: 'integer', minimum: -3, maximum: 3 }, n: { type: 'number', format: 'date' }, any: { minimum: 2, maxLength: 2, maxItems: 1, required: ['q'] }, multi: { type: ['integer', 'string', 'array', 'object'], minimum: 0, minLength: 1 } } },
  // A type checked in its group (after `enum`, `allOf`…) or up front: the order of the errors tells.
  order: {
    type: 'object',
    properties: {
      s: { type: 'string', enum: ['ab', 'cd'], maxLength: 5 },
      o: { type: 'object', properties: { a: { type: 'number' } }, allOf: [{ if: { type: 'object' }, then: { required: ['a'] }, else: { const: 1 } }] },
      n: { type: 'number', const: 3, maximum: 9 },
    },
  },
  recursive: {
    type: 'object',
    properties: {
      tree: { $ref: '#/$defs/Tree' },
      a: { $ref: '#/$defs/A' },
      chain: { $ref: '#/$defs/Chain' },
      maybe: { if: { $ref: '#/$defs/Tree' }, then: { required: ['label'] }, else: { type: 'string' } },
    },
    required: ['tree'],
    additionalProperties: false,
    $defs: {
      Tree: { type: 'object', properties: { label: { type: 'string', minLength: 1 }, children: { type: 'array', items: { $ref: '#/$defs/Tree' } } }, required: ['label'], additionalProperties: false },
      A: { type: 'object', properties: { b: { $ref: '#/$defs/B' }, n: { type: 'integer' } } },
      B: { type: 'array', items: [{ $ref: '#/$defs/A' }], additionalItems: { $ref: '#/$defs/Leaf' } },
      Chain: { type: 'object', properties: { leaf: { $ref: '#/$defs/Leaf' } }, required: ['leaf'] },
      Leaf: { type: 'string', enum: ['x', 'y'] },
    },
  },
  steps: { type: 'object', properties: Object.fromEntries([0.01, 0.5, 3, 1e-7, 1 / 3, 1e-23, 2.5e21].map((step, index) => [`m${index}`, { type: 'number', multipleOf: step }])) },
  refs: { type: 'object', properties: { a: { $ref: '#/definitions/A' }, b: { $ref: '#/$defs/B', description: 'with a sibling' }, c: { type: 'array', items: { $ref: '#/$defs/B' } } }, definitions: { A: { type: 'string', enum: ['x', 'y'] } }, $defs: { B: { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false } } },
}

beforeAll(async () => {
  helpers = (await import(pathToFileURL(path.join(repoRoot, 'dist/runtime/validator-runtime.js')).href)) as Record<string, unknown>
  const corpus = path.join(scratch, 'corpus')
  generateCorpus(corpus, 40)
  for (const root of [corpus, path.join(repoRoot, 'fixtures/validation')]) {
    for (const tool of (await buildCatalog({ root, tools: 'tools' })).catalog.tools) schemas.set(`${path.basename(root)}:${tool.name}`, tool.parameters)
  }
  const fixtures = loadSchemaFixtures()
  for (const file of readdirSync(path.join(repoRoot, 'fixtures/schema')).filter((entry) => entry.endsWith('.ts'))) {
    const source = readFileSync(path.join(repoRoot, 'fixtures/schema', file), 'utf8')
    const functions = [...source.matchAll(/^export function (\w+)/gm)].map((match) => match[1] as string)
    for (const fn of functions.length === 0 ? [undefined] : functions) {
      try {
        const { schema } = fixtures.parameters(file.slice(0, -3), fn)
        if (schema?.type === 'object') schemas.set(`schema:${file}:${fn ?? 'Params'}`, schema)
      } catch {
        // A fixture without a Params type or a parameter: nothing to compare.
      }
    }
  }
  for (const [name, schema] of Object.entries({ ...handmadeSchemas, ...cornerSchemas })) schemas.set(`handmade:${name}`, schema)
}, 180_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** The generated module evaluated in place: its helper imports become parameters. */
function load(code: string): Validate {
  const names: string[] = []
  const body = code
    .replace(/^import \{ ([^}]+) \} from "[^"]+"\n/gm, (_line, list: string) => {
      for (const binding of list.split(', ')) names.push(binding)
      return ''
    })
    .replace('export function validate', 'function validate')
    .replace(/^export const branches.*$/m, '')
  const locals = names.map((binding) => binding.split(' as ')[1] as string)
  const values = names.map((binding) => helpers[binding.split(' as ')[0] as string])
  return new Function(...locals, `${body}\nreturn validate`)(...values) as Validate
}

/** What a validator says about a value, as text: validity and its errors with their keys in order. */
function verdict(validate: Validate, value: unknown): string {
  const valid = validate(value)
  return JSON.stringify({ valid, errors: validate.errors ?? null })
}

const steps = [19.99, 0.1 + 0.2, 0.3, 3, 1e21, 5e21, -0.5, 2.5e-7, 1e-30, 2 / 3]
const hostile: unknown[] = [...steps.map((step) => ({ m0: step, m1: step, m2: step, m3: step, m4: step, m5: step, m6: step })), NaN, Infinity, -0, 1e309, '\u{1F600}\u{1F600}', Object.create(null), { __proto__: null, a: 1 }, [, 1], { constructor: 'x' }, { 'a/b': 'xy', 'sp ace': null, '~': 1 }]

describe("toolcat's own validator code", () => {
  test('knows the keyword order ajv checks in', () => {
    const ajv = codegenAjv({ type: 'object' }, 'parameters')
    const rules = ajv.RULES.rules.map((group) => ({ type: group.type, keywords: group.rules.map((rule) => rule.keyword) }))
    expect(rules).toEqual(GROUPS.map((group) => ({ type: group.type, keywords: [...group.keywords] })))
    expect(ajv.RULES.post.rules).toEqual([])
  })

  test('reports exactly the errors ajv reports, in the same order with the same keys, on every value compared', () => {
    let covered = 0
    let compared = 0
    let refused = 0
    const left: string[] = []
    for (const [name, schema] of schemas) {
      const plan = planValidation(schema)
      const code = ownValidatorCode(plan.schema, (exported) => exported, (id) => `unknown subschema ${id}`)
      if (code === undefined) {
        left.push(name)
        continue
      }
      covered++
      const own = load(code)
      const ajv = ajvFor(plan.schema)
      ajv.addSchema(plan.schema, 'parameters')
      const reference = ajv.getSchema('parameters') as Validate
      const check = (value: unknown): void => {
        const expected = verdict(reference, value)
        expect({ name, value, verdict: verdict(own, value) }).toEqual({ name, value, verdict: expected })
        compared++
        if (!reference(value)) refused++
      }
      for (const value of [...valuesOf(schema), ...hostile]) check(value)
      fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => check(value)), { seed: 20_261_202, numRuns: 15 })
    }
    // The bench corpus and the fixtures are mostly in the subset; what is left goes to ajv.
    expect(covered, `left to ajv: ${left.join(', ')}`).toBeGreaterThan(schemas.size * 0.6)
    expect(compared).toBeGreaterThan(10_000)
    expect(refused).toBeGreaterThan(compared / 2)
  }, 180_000)

  test('leaves to ajv what it does not cover: unknown keywords, unknown formats, references to the root, $id', () => {
    const none = (schema: JsonSchema): string | undefined => ownValidatorCode(schema, (exported) => exported, (id) => id)
    expect(none({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } } })).toBeUndefined()
    expect(none({ type: 'object', properties: { a: { type: 'string', format: 'no-such-format' } } })).toBeUndefined()
    expect(none({ type: 'object', properties: { a: { $ref: '#' } } })).toBeUndefined()
    expect(none({ $id: 'https://example.com/x', type: 'object' })).toBeUndefined()
    expect(none({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } })).toBeUndefined()
    expect(none({ type: 'object', properties: { a: { type: 'string', 'x-vendor': 1 } } })).toBeUndefined()
  })
})
