import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ErrorObject } from 'ajv'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCatalog } from '../../src/build.js'
import standalone from 'ajv/dist/standalone/index.js'
import { codegenAjv } from '../../src/emit/validators/codegen-ajv.js'
import { linkSharedSubschemas, SUBSCHEMA_KEYWORD } from '../../src/emit/validators/shared-subschemas.js'
import { emitValidatorModules, helperModulePath } from '../../src/emit/validators/validator-modules.js'
import { validatorHelpers } from '../../src/emit/validators/validator-runtime-names.js'
import { ajvFor } from '../../src/runtime/ajv-instance.js'
import type { Catalog, CatalogTool } from '../../src/runtime/catalog.js'
import { planValidation } from '../../src/runtime/normalise/validation-plan.js'
import type { JsonSchema } from '../../src/runtime/types.js'
import { repoRoot } from '../registry/out-dir.js'
import { generateCorpus } from '../../bench/corpus/generate.mjs'
import { handmadeSchemas, valuesOf } from './shared-validator-values.js'

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }
interface ToolModule {
  readonly validate: Validate
  readonly branches: readonly Validate[]
}

const scratch = mkdtempSync(path.join(repoRoot, '.tmp', 'shared-validators-'))
let tools: CatalogTool[] = []
const modules = new Map<string, ToolModule>()

const asTool = (name: string, parameters: JsonSchema): CatalogTool => ({ name, parameters, source: { module: `tools/${name}.ts`, export: 'default' }, hash: name })
const catalogOf = (list: readonly CatalogTool[]): Catalog => ({ catalogVersion: 1, generator: 'test', tools: [...list] }) as unknown as Catalog

/** Every file `emitValidatorModules` generates for a catalog, by path. */
function generated(catalog: Catalog): Map<string, string> {
  const files = new Map<string, string>()
  emitValidatorModules(catalog, (tool) => tool.name, (file) => files.set(file.path, file.contents))
  return files
}

beforeAll(async () => {
  // Tools of the bench corpus (shared domain types, $defs, recursion, unions, formats), the
  // validation fixture (discriminated unions with referenced branches, trial branches) and schemas
  // written to reach the corner cases of linking.
  const corpus = path.join(scratch, 'corpus')
  generateCorpus(corpus, 60)
  const fromCorpus = await buildCatalog({ root: corpus, tools: 'tools' })
  const fromFixture = await buildCatalog({ root: path.join(repoRoot, 'fixtures/validation'), tools: 'tools' })
  tools = [...fromCorpus.catalog.tools, ...fromFixture.catalog.tools, ...Object.entries(handmadeSchemas).map(([name, schema]) => asTool(name, schema))]
  const out = path.join(scratch, 'out')
  for (const [file, contents] of generated(catalogOf(tools))) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true })
    writeFileSync(path.join(out, file), contents)
  }
  // Each helper's module (one a file of the runtime) re-exports the built runtime.
  for (const { exported } of validatorHelpers()) {
    mkdirSync(path.dirname(path.join(out, helperModulePath(exported))), { recursive: true })
    writeFileSync(path.join(out, helperModulePath(exported)), `export * from ${JSON.stringify(path.join(repoRoot, 'dist/runtime/validator-runtime.js'))}\n`)
  }
  for (const tool of tools) modules.set(tool.name, (await import(pathToFileURL(path.join(out, `tools/${tool.name}.validate.js`)).href)) as ToolModule)
}, 120_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('validators linked to shared subschema modules', () => {
  test('share code: the corpus tools import subschema modules, each written once', () => {
    const files = generated(catalogOf(tools))
    const shared = [...files.keys()].filter((file) => file.startsWith('tools/subschemas/'))
    expect(shared.length).toBeGreaterThan(5)
    const importing = tools.filter((tool) => files.get(`tools/${tool.name}.validate.js`)?.includes('from "./subschemas/'))
    expect(importing.length).toBeGreaterThan(tools.length / 2)
  })

  test('report exactly the errors ajv reports for the whole schema compiled in place, for valid and broken values alike', () => {
    let compared = 0
    let refused = 0
    for (const tool of tools) {
      const plan = planValidation(tool.parameters)
      const ajv = ajvFor(plan.schema)
      ajv.addSchema(plan.schema, 'parameters')
      const inPlace = ajv.getSchema('parameters') as Validate
      const branchesInPlace = plan.branchPointers.map((pointer) => ajv.getSchema(`parameters#${pointer}`) as Validate)
      const linked = modules.get(tool.name) as ToolModule
      expect(linked.branches.length, tool.name).toBe(branchesInPlace.length)
      for (const value of valuesOf(tool.parameters)) {
        const expected = inPlace(value)
        const expectedErrors = structuredClone(inPlace.errors ?? null)
        expect({ tool: tool.name, value, valid: linked.validate(value), errors: linked.validate.errors ?? null }).toEqual({ tool: tool.name, value, valid: expected, errors: expectedErrors })
        branchesInPlace.forEach((branch, index) => expect(linked.branches[index]?.(value), `${tool.name} branch ${index}`).toBe(branch(value)))
        compared++
        if (!expected) refused++
      }
    }
    // Enough values, most of them refused somewhere deep inside a shared subschema.
    expect(compared).toBeGreaterThan(2000)
    expect(refused).toBeGreaterThan(compared / 2)
  })
})

describe('which subschemas are shared', () => {
  test('a tool validator and the subschema modules it imports do not depend on the other tools or their order', () => {
    const all = generated(catalogOf(tools))
    const some = generated(catalogOf([...tools].reverse().filter((_tool, index) => index % 3 === 0)))
    for (const [file, contents] of some) expect(all.get(file), file).toBe(contents)
  })

  test('the root, discriminated branches (also through a reference) and subschemas holding a trial branch stay in place', () => {
    const plan = planValidation(handmadeSchemas.tagged_refs as JsonSchema)
    const linked = linkSharedSubschemas(plan)
    const text = JSON.stringify(linked.schema)
    expect(linked.subschemas.size).toBeGreaterThan(0)
    // The branches ajv reads the tag from keep their properties.
    expect(text).toContain('"const":"card"')
    expect(text).toContain('"const":"transfer"')
    const trials = linkSharedSubschemas(planValidation(handmadeSchemas.untagged_union as JsonSchema))
    for (const pointer of planValidation(handmadeSchemas.untagged_union as JsonSchema).branchPointers) {
      expect(pointerInto(trials.schema, pointer), pointer).toBeDefined()
    }
  })

  test('a schema that already uses the keyword is compiled as it is', () => {
    const schema = { type: 'object', properties: { a: { type: 'object', properties: { [SUBSCHEMA_KEYWORD]: { type: 'string' }, b: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z]+$' }, c: { type: 'number', minimum: 0, maximum: 10 } } } } }
    const linked = linkSharedSubschemas(planValidation(schema))
    expect(linked.subschemas.size).toBe(0)
    expect(linked.schema).toEqual(planValidation(schema).schema)
  })
})

describe('the one ajv instance that generates code', () => {
  test('generates exactly what a fresh instance (with the formats the schema names) does, whatever it generated before', () => {
    const codeOf = (schema: JsonSchema, fresh: boolean): string => {
      const plan = planValidation(schema)
      const exports = Object.fromEntries([['validate', 'parameters'], ...plan.branchPointers.map((pointer, index) => [`branch${index}`, `parameters#${pointer}`])])
      if (!fresh) return standalone.default(codegenAjv(plan.schema, 'parameters'), exports)
      const ajv = ajvFor(plan.schema, { validateSchema: false, code: { source: true, esm: true, optimize: false, process: () => 'return function validate() {}' } })
      ajv.addSchema(plan.schema, 'parameters')
      return standalone.default(ajv, exports)
    }
    const fresh = tools.map((tool) => codeOf(tool.parameters, true))
    expect(tools.map((tool) => codeOf(tool.parameters, false))).toEqual(fresh)
    expect([...tools].reverse().map((tool) => codeOf(tool.parameters, false))).toEqual([...fresh].reverse())
  })
})

/** The node at a JSON pointer (segments URI-escaped, as plan pointers are). */
function pointerInto(root: unknown, pointer: string): unknown {
  let node = root
  for (const raw of pointer.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined
  }
  return node
}
