import { ajvFor } from './ajv-instance.js'
import { checkPatternLengths } from './limits.js'
import { ToolError } from './tool-error.js'
import type { JsonSchema } from './types.js'
import type { CompiledValidator } from './validation.js'

/**
 * Compiles a parameter schema with ajv + ajv-formats under the shared `ajvOptions` (see `ajvFor`). Each schema gets
 * its own ajv instance so two tools declaring the same `$id` cannot collide. An invalid schema, or
 * one whose patterns exceed `maxPatternLength`, is a `ToolError('SCHEMA')` naming the complaint.
 */
export function compileSchema(schema: JsonSchema): CompiledValidator {
  const ajv = ajvFor(schema)
  try {
    checkPatternLengths(schema)
    return ajv.compile(schema)
  } catch (error) {
    throw new ToolError('SCHEMA', `invalid parameter schema: ${error instanceof Error ? error.message : String(error)}`)
  }
}
