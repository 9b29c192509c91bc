import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import { ajvOptions } from './ajv-options.js'
import { checkPatternLengths } from './limits.js'
import { ToolError } from './tool-error.js'
import type { JsonSchema } from './types.js'
import type { CompiledValidator } from './validation.js'

/**
 * Compiles a parameter schema with ajv + ajv-formats under the shared `ajvOptions`. Each schema gets
 * its own ajv instance so two tools declaring the same `$id` cannot collide. An invalid schema, or
 * one whose patterns exceed `maxPatternLength`, is a `ToolError('SCHEMA')` naming the complaint.
 */
export function compileSchema(schema: JsonSchema): CompiledValidator {
  const ajv = new Ajv(ajvOptions)
  formats.default(ajv)
  try {
    checkPatternLengths(schema)
    return ajv.compile(schema)
  } catch (error) {
    throw new ToolError('SCHEMA', `invalid parameter schema: ${error instanceof Error ? error.message : String(error)}`)
  }
}
