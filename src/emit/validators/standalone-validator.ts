import standalone from 'ajv/dist/standalone/index.js'
import { PARAMETERS_KEY } from '../../runtime/compile.js'
import { planValidation, type ValidationPlan } from '../../runtime/normalise/validation-plan.js'
import type { JsonSchema } from '../../runtime/types.js'
import { codegenAjv } from './codegen-ajv.js'
import { stringLiteral } from '../shared/literals.js'
import { linkSharedSubschemas } from './shared-subschemas.js'
import { subschemaOfRequire } from './subschema-keyword.js'
import { ownValidatorCode } from './validator-codegen.js'
import { VALIDATOR_RUNTIME, validatorRuntimeExport } from './validator-runtime-names.js'

/**
 * ES module source exporting `validate` and `branches`: the parameter schema compiled at build time
 * into ajv standalone code, exactly as `compileSchema` compiles it at run time — the schema of its
 * validation plan (`planValidation`) under the runtime's `ajvOptions` and ajv-formats, and the
 * validator of each trial branch of its unions, in the plan's order — with no ajv compiler, `eval`
 * or `new Function` at run time. The runtime's `argumentParser` pairs them with the parameter
 * schema to normalise and check arguments. With `subschemaSpecifier`, the subschemas other tools
 * may share (see `linkSharedSubschemas`) are validated by modules of their own, imported from where
 * it says (it is called once per subschema used, with its schema); the errors are the same.
 */
export function standaloneValidator(
  schema: JsonSchema,
  helperSpecifier: (exported: string) => string = () => VALIDATOR_RUNTIME,
  subschemaSpecifier?: (id: string, schema: JsonSchema) => string,
): string {
  const plan = planValidation(schema)
  const exports: Record<string, string> = { validate: PARAMETERS_KEY }
  plan.branchPointers.forEach((pointer, index) => (exports[`branch${index}`] = `${PARAMETERS_KEY}#${pointer}`))
  const branches = `export const branches = [${plan.branchPointers.map((_pointer, index) => `branch${index}`).join(', ')}];`
  return `${patternEngineExport(schema, helperSpecifier)}${linkedCode(plan, exports, helperSpecifier, subschemaSpecifier)}${branches}\n`
}

/**
 * Where the schema has `patternProperties`, the module also exports the pattern engine as
 * `regExp`: the runtime's normaliser matches argument keys with it (never with a backtracking
 * RegExp), and importing it only then keeps the engine out of other tools' chunks.
 */
function patternEngineExport(schema: JsonSchema, helperSpecifier: (exported: string) => string): string {
  if (!hasPatternProperties(schema)) return ''
  return `import { linearRegExp as toolcat$regExp } from ${JSON.stringify(helperSpecifier('linearRegExp'))}\nexport { toolcat$regExp as regExp }\n`
}

/** Whether `patternProperties` appears anywhere in a schema (a key of that name in literal data counts too: harmless). */
export function hasPatternProperties(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  if (Array.isArray(schema)) return schema.some(hasPatternProperties)
  return Object.entries(schema).some(([key, value]) => key === 'patternProperties' || hasPatternProperties(value))
}

/**
 * ES module source exporting `validate`: the validator of one subschema shared by the validators
 * `standaloneValidator` links (see `linkSharedSubschemas`), compiled on its own under the same
 * options, the subschemas it holds linked in turn. Its errors' `schemaPath`s are relative to the
 * subschema; the caller prefixes them.
 */
export function standaloneSubschemaValidator(
  schema: JsonSchema,
  helperSpecifier: (exported: string) => string,
  subschemaSpecifier: (id: string, schema: JsonSchema) => string,
): string {
  return `${linkedCode({ schema, branchPointers: [] }, { validate: PARAMETERS_KEY }, helperSpecifier, subschemaSpecifier)}\n`
}

/** The standalone code of a plan's schema, its shareable subschemas linked when there is somewhere to put them. */
function linkedCode(
  plan: Pick<ValidationPlan, 'schema' | 'branchPointers'>,
  exports: Record<string, string>,
  helperSpecifier: (exported: string) => string,
  subschemaSpecifier: ((id: string, schema: JsonSchema) => string) | undefined,
): string {
  if (subschemaSpecifier === undefined) return validatorCode(plan.schema, exports, helperSpecifier, unknownSubschema)
  const linked = linkSharedSubschemas(plan)
  return validatorCode(linked.schema, exports, helperSpecifier, (id) => {
    const shared = linked.subschemas.get(id)
    return shared === undefined ? unknownSubschema(id) : subschemaSpecifier(id, shared)
  })
}

/**
 * The module code of one validator: written by toolcat's own generator (`ownValidatorCode`, the
 * same errors as ajv's code, generated ~10× faster) where the schema is in its subset and no trial
 * branch needs a validator of its own, else ajv's standalone code with its requires made imports.
 */
function validatorCode(schema: JsonSchema, exports: Record<string, string>, helperSpecifier: (exported: string) => string, subschemaSpecifier: (id: string) => string): string {
  const own = Object.keys(exports).length === 1 ? ownValidatorCode(schema, helperSpecifier, subschemaSpecifier) : undefined
  return own ?? importRequires(standaloneCode(schema, exports), helperSpecifier, subschemaSpecifier)
}

function unknownSubschema(id: string): never {
  throw new Error(`toolcat: a validator uses the unknown subschema ${id}`)
}

/**
 * ajv's standalone code for `schema` (added as `PARAMETERS_KEY`) with one export per entry of
 * `exports` (export name → schema key or `key#pointer`), `"use strict"` dropped.
 */
function standaloneCode(schema: JsonSchema, exports: Record<string, string>): string {
  return standalone.default(codegenAjv(schema, PARAMETERS_KEY), exports).replace(/^"use strict";/, '')
}

/**
 * ajv's standalone code still reaches its run-time helpers (formats, `ucs2length`, deep equality)
 * with `require("<ajv module>").<member>`, which an ES module cannot use and which would import
 * packages the app never declared. Each becomes a named import of the `toolcat/validator-runtime`
 * export holding the same value, from the module `helperSpecifier` names for that export; a shared
 * subschema's validator (`subschemaRequire`) becomes an import from the module `subschemaSpecifier` names.
 */
function importRequires(code: string, helperSpecifier: (exported: string) => string, subschemaSpecifier: (id: string) => string): string {
  const imported = new Map<string, Map<string, string>>()
  const use = (specifier: string, exported: string, local: string): string => {
    const names = imported.get(specifier) ?? new Map<string, string>()
    imported.set(specifier, names.set(exported, local))
    return local
  }
  const body = code.replace(/require\("([^"]+)"\)\.([A-Za-z_$][\w$]*)/g, (_match, module: string, member: string) => {
    const id = subschemaOfRequire(module)
    if (id !== undefined) return use(subschemaSpecifier(id), member, `toolcat$subschema_${id}`)
    const exported = validatorRuntimeExport(module, member)
    return use(helperSpecifier(exported), exported, `toolcat$${exported}`)
  })
  const imports = [...imported.keys()].sort().map((specifier) => {
    const names = [...(imported.get(specifier) ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, local]) => `${name} as ${local}`)
    return `import { ${names.join(', ')} } from ${stringLiteral(specifier)}\n`
  })
  return `${imports.join('')}${body}`
}
