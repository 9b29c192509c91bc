import { Ajv, type Options } from 'ajv'
import { ValueScope } from 'ajv/dist/compile/codegen/index.js'
import formats from 'ajv-formats'
import { ajvOptions } from '../../runtime/ajv-options.js'
import { decimalMultipleOf } from '../../runtime/decimal-multiple.js'
import type { JsonSchema } from '../../runtime/types.js'
import { subschemaKeyword } from './subschema-keyword.js'

/** The key a schema is added under for code generation; its trial branches are `<key>#<pointer>`. */
type SchemaKey = string

/**
 * The schemas are generated, so checking each against the draft-07 meta-schema (which compiles that
 * meta-schema once per instance) only costs time; skipping codegen's name-optimising passes halves
 * the remaining cost for ~10% more code. ajv still turns the code it generates into a live function
 * (V8 parsing ~30 kB a tool, a third of the time left), which standalone output never calls:
 * `process` hands it an empty body instead, while `validate.source` keeps the real code.
 */
const codegenOptions: Options = { ...ajvOptions, validateSchema: false, code: { ...ajvOptions.code, source: true, esm: true, optimize: false, process: skipEvaluation } }

let instance: { readonly ajv: Ajv; readonly aliases: Record<string, string> } | undefined

/**
 * The ajv instance that generates standalone code, holding `schema` under `key` and nothing else
 * from earlier calls: the runtime's `ajvOptions`, exact decimal `multipleOf`, every ajv-formats
 * format and the shared-subschema keyword (which only a linked schema uses). Creating an instance
 * costs about a third of a millisecond, as much as generating a small validator, so one is kept
 * and emptied between schemas: its added schemas and compiled fragments are removed, and its
 * value scope — which numbers the generated names (`validate0`, `schema1`, `formats2` …) — is
 * replaced by a fresh one. The code generated for a schema is thus exactly what a fresh instance
 * generates, whatever was generated before it (the generated names never depend on the order
 * tools are compiled in; bundlers load entries in any order). Registering every format instead of
 * those the schema names changes no generated code: code is generated only for formats used.
 */
export function codegenAjv(schema: JsonSchema, key: SchemaKey): Ajv {
  instance ??= createInstance()
  const { ajv, aliases } = instance
  // Every schema but the meta-schemas goes, with the compiled-schema cache, and the meta-schemas'
  // aliases (plain strings, which removal does not tell from the rest) come back.
  ajv.removeSchema()
  Object.assign(ajv.refs, aliases)
  const scope = ajv.scope as unknown as { opts: ConstructorParameters<typeof ValueScope>[0] }
  ;(ajv as unknown as { scope: ValueScope }).scope = new ValueScope({ ...scope.opts, scope: {} })
  ajv.addSchema(schema, key)
  return ajv
}

function createInstance(): { ajv: Ajv; aliases: Record<string, string> } {
  const ajv = new Ajv(codegenOptions)
  ajv.removeKeyword('multipleOf').addKeyword(decimalMultipleOf)
  formats.default(ajv, { keywords: true })
  ajv.addKeyword(subschemaKeyword)
  const aliases = Object.fromEntries(Object.entries(ajv.refs).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  return { ajv, aliases }
}

/** The body ajv evaluates in place of each generated validator: never called, so never worth parsing. */
function skipEvaluation(): string {
  return 'return function validate() {}'
}
