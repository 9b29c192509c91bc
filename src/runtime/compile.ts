import { ajvFor } from './ajv-instance.js'
import { checkPatternLengths } from './limits.js'
import { planValidation } from './normalise/validation-plan.js'
import { ToolError } from './tool-error.js'
import type { JsonSchema } from './types.js'
import { acceptingValidator, type CompiledValidator } from './validation.js'
import { linearRegExp } from './validator-runtime/linear-reg-exp.js'

/** The key the plan's schema is added to ajv under; its trial branches are `parameters#<pointer>`. */
export const PARAMETERS_KEY = 'parameters'

/**
 * Compiles a parameter schema with ajv + ajv-formats under the shared `ajvOptions` (see `ajvFor`),
 * exactly as precompiled validators are generated: the plan's schema (`planValidation`) and the
 * validator of each trial branch of its unions. The validator returned answers whether arguments
 * parse, and `parseArguments` uses it to normalise and check them. Each schema gets its own ajv
 * instance so two tools declaring the same `$id` cannot collide. An invalid schema, or one whose
 * patterns exceed `maxPatternLength`, is a `ToolError('SCHEMA')` naming the complaint.
 */
export function compileSchema(schema: JsonSchema): CompiledValidator {
  try {
    checkPatternLengths(schema)
    const plan = planValidation(schema)
    const ajv = ajvFor(plan.schema)
    ajv.addSchema(plan.schema, PARAMETERS_KEY)
    const check = ajv.getSchema(PARAMETERS_KEY) as CompiledValidator
    const branches = plan.branchPointers.map((pointer) => {
      const branch = ajv.getSchema(`${PARAMETERS_KEY}#${pointer}`)
      if (branch === undefined) throw new Error(`no subschema at ${pointer}`)
      return branch as CompiledValidator
    })
    return acceptingValidator(schema, plan, check, branches, linearRegExp)
  } catch (error) {
    throw new ToolError('SCHEMA', `invalid parameter schema: ${complaint(schema, error)}`)
  }
}

/**
 * What is wrong with a schema that did not compile. ajv words a schema the meta-schema refuses
 * from its errors' messages, which validators go without (`messages: false`): that complaint is
 * worded again by an instance with messages, on this failure path only.
 */
function complaint(schema: JsonSchema, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  if (!text.startsWith('schema is invalid:')) return text
  try {
    const plan = planValidation(schema)
    ajvFor(plan.schema, { messages: true }).addSchema(plan.schema, PARAMETERS_KEY)
  } catch (worded) {
    return worded instanceof Error ? worded.message : String(worded)
  }
  return text
}
