import { ajvFor } from '../../runtime/ajv-instance.js'
import { compileSchema } from '../../runtime/compile.js'
import type { JsonSchema } from '../../runtime/types.js'

/**
 * Why a dependency's schema would not compile into a validator, or undefined when it does: it is
 * checked against the draft-07 meta-schema (`"type": "strin"`), compiled strictly (an unknown
 * keyword or format is refused rather than ignored), with no loader (a remote `$ref` is refused,
 * never fetched), and, for parameters, compiled the way the runtime and the build's precompiled
 * validators compile it.
 */
export function schemaProblem(schema: JsonSchema, parameters: boolean): string | undefined {
  // A watch or a bundler rebuilds often, and the dependencies' schemas rarely change: each text is compiled once.
  const key = `${parameters ? 'p' : 'o'}${JSON.stringify(schema)}`
  if (checked.has(key)) return checked.get(key)
  let problem: string | undefined
  try {
    // ajv words the meta-schema's complaint from its errors' messages, which validators otherwise go without.
    ajvFor(schema, { strictSchema: true, validateSchema: true, messages: true }).compile(schema)
    if (parameters) compileSchema(schema)
  } catch (error) {
    problem = (error instanceof Error ? error.message : String(error)).replace(/^invalid parameter schema: /, '')
  }
  checked.set(key, problem)
  return problem
}

const checked = new Map<string, string | undefined>()
