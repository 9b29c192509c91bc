import standalone from 'ajv/dist/standalone/index.js'
import { ajvFor } from '../runtime/ajv-instance.js'
import { PARAMETERS_KEY } from '../runtime/compile.js'
import { planValidation } from '../runtime/normalise/validation-plan.js'
import type { JsonSchema } from '../runtime/types.js'

/**
 * ES module source exporting `validate` and `branches`: the parameter schema compiled at build time
 * into ajv standalone code, exactly as `compileSchema` compiles it at run time — the schema of its
 * validation plan (`planValidation`) under the runtime's `ajvOptions` and ajv-formats, and the
 * validator of each trial branch of its unions, in the plan's order — with no ajv compiler, `eval`
 * or `new Function` at run time. The runtime's `argumentParser` pairs them with the parameter
 * schema to normalise and check arguments.
 */
export function standaloneValidator(schema: JsonSchema, helperSpecifier: (helper: string) => string = (helper) => `${helper}.js`): string {
  // The schemas are generated, so checking each against the draft-07 meta-schema (which compiles
  // that meta-schema once per instance) only costs time; skipping codegen's name-optimising passes
  // halves the remaining cost for ~10% more code. ajv still turns the code it generates into a live
  // function (V8 parsing ~30 kB a tool, a third of the time left), which standalone output never calls:
  // `process` hands it an empty body instead, while `validate.source` keeps the real code.
  // A fresh instance per schema keeps the generated function names independent of the order tools
  // are compiled in (bundlers load entries in any order).
  const plan = planValidation(schema)
  const ajv = ajvFor(plan.schema, { validateSchema: false, code: { source: true, esm: true, optimize: false, process: skipEvaluation } })
  ajv.addSchema(plan.schema, PARAMETERS_KEY)
  const exports: Record<string, string> = { validate: PARAMETERS_KEY }
  plan.branchPointers.forEach((pointer, index) => (exports[`branch${index}`] = `${PARAMETERS_KEY}#${pointer}`))
  const branches = `export const branches = [${plan.branchPointers.map((_pointer, index) => `branch${index}`).join(', ')}];`
  return importRequires(`${standalone.default(ajv, exports).replace(/^"use strict";/, '')}${branches}`, helperSpecifier)
}

/** The body ajv evaluates in place of each generated validator: never called, so never worth parsing. */
function skipEvaluation(): string {
  return 'return function validate() {}'
}

/**
 * ajv's standalone code still reaches its runtime helpers (formats, `ucs2length`, deep equality)
 * with `require("…").member`, which an ES module cannot use. Each becomes a namespace import of
 * the CommonJS file (or of the module `helperSpecifier` names for it); the member is read from the namespace's `default` (Node, and bundlers in
 * Node mode, expose `module.exports` there) or else from the namespace itself (bundlers honouring
 * `__esModule`).
 */
function importRequires(code: string, helperSpecifier: (helper: string) => string): string {
  const namespaces = new Map<string, string>()
  const body = code.replace(/require\("([^"]+)"\)\.([A-Za-z_$][\w$]*)/g, (_match, specifier: string, member: string) => {
    const namespace = namespaces.get(specifier) ?? `cjs${namespaces.size}`
    namespaces.set(specifier, namespace)
    return `(${namespace}.default?.${member} ?? ${namespace}.${member})`
  })
  const imports = [...namespaces].map(([specifier, namespace]) => `import * as ${namespace} from ${JSON.stringify(helperSpecifier(specifier))}\n`)
  return `${imports.join('')}${body}\n`
}
