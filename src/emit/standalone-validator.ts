import standalone from 'ajv/dist/standalone/index.js'
import { ajvFor } from '../runtime/ajv-instance.js'
import type { JsonSchema } from '../runtime/types.js'

/**
 * ES module source exporting `validate`: the parameter schema compiled at build time into ajv
 * standalone code, under the runtime's `ajvOptions` and ajv-formats, so it accepts and normalises
 * exactly what runtime compilation would, with no ajv compiler, `eval` or `new Function` at run time.
 */
export function standaloneValidator(schema: JsonSchema, helperSpecifier: (helper: string) => string = (helper) => `${helper}.js`): string {
  // The schemas are generated, so checking each against the draft-07 meta-schema (which compiles
  // that meta-schema once per instance) only costs time; skipping codegen's name-optimising passes
  // halves the remaining cost for ~10% more code. ajv still turns the code it generates into a live
  // function (V8 parsing ~30 kB a tool, a third of the time left), which standalone output never calls:
  // `process` hands it an empty body instead, while `validate.source` keeps the real code.
  // A fresh instance per schema keeps the generated function names independent of the order tools
  // are compiled in (bundlers load entries in any order).
  const ajv = ajvFor(schema, { validateSchema: false, code: { source: true, esm: true, optimize: false, process: skipEvaluation } })
  ajv.addSchema(schema, 'parameters')
  return importRequires(standalone.default(ajv, { validate: 'parameters' }).replace(/^"use strict";/, ''), helperSpecifier)
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
