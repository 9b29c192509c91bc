import standalone from 'ajv/dist/standalone/index.js'
import { ajvFor } from '../runtime/ajv-instance.js'
import { PARAMETERS_KEY } from '../runtime/compile.js'
import { planValidation } from '../runtime/normalise/validation-plan.js'
import type { JsonSchema } from '../runtime/types.js'
import { VALIDATOR_RUNTIME, validatorRuntimeExport } from './validator-runtime-names.js'

/**
 * ES module source exporting `validate` and `branches`: the parameter schema compiled at build time
 * into ajv standalone code, exactly as `compileSchema` compiles it at run time — the schema of its
 * validation plan (`planValidation`) under the runtime's `ajvOptions` and ajv-formats, and the
 * validator of each trial branch of its unions, in the plan's order — with no ajv compiler, `eval`
 * or `new Function` at run time. The runtime's `argumentParser` pairs them with the parameter
 * schema to normalise and check arguments.
 */
export function standaloneValidator(schema: JsonSchema, helperSpecifier: (exported: string) => string = () => VALIDATOR_RUNTIME): string {
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
 * ajv's standalone code still reaches its run-time helpers (formats, `ucs2length`, deep equality)
 * with `require("<ajv module>").<member>`, which an ES module cannot use and which would import
 * packages the app never declared. Each becomes a named import of the `toolcat/validator-runtime`
 * export holding the same value, from the module `helperSpecifier` names for that export.
 */
function importRequires(code: string, helperSpecifier: (exported: string) => string): string {
  const imported = new Map<string, Set<string>>()
  const body = code.replace(/require\("([^"]+)"\)\.([A-Za-z_$][\w$]*)/g, (_match, module: string, member: string) => {
    const exported = validatorRuntimeExport(module, member)
    const specifier = helperSpecifier(exported)
    imported.set(specifier, (imported.get(specifier) ?? new Set()).add(exported))
    return `toolcat$${exported}`
  })
  const imports = [...imported.keys()].sort().map((specifier) => {
    const names = [...(imported.get(specifier) ?? [])].sort().map((name) => `${name} as toolcat$${name}`)
    return `import { ${names.join(', ')} } from ${JSON.stringify(specifier)}\n`
  })
  return `${imports.join('')}${body}\n`
}
