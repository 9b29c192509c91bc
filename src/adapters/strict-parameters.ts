import { openaiLimits } from '../interop/profiles/openai.js'
import { strictParameters } from '../interop/profiles/openai-strict.js'
import { schemaSize } from '../interop/profiles/schema-size.js'
import type { JsonSchema } from '../runtime/types.js'

/**
 * Keywords whose removal or rewriting changes which keys an object accepts (an open record closed,
 * pattern properties dropped): the model could then not send arguments the tool needs.
 */
const refused = /\/(additionalProperties|patternProperties)$/

/**
 * The OpenAI strict-mode copy of a tool's parameter schema, through toolcat's strict profile, or
 * `undefined` when the schema does not allow strict mode: beyond OpenAI's documented size limits,
 * or when strict mode would have to close an open object. Optional properties become required and
 * nullable; calls are mapped back with `nullsToAbsent` before validation.
 */
export function strictSchemaOf(parameters: JsonSchema): JsonSchema | undefined {
  let allowed = true
  const strict = strictParameters(parameters, (path) => {
    if (refused.test(path)) allowed = false
  })
  const size = schemaSize(strict)
  if (size.depth > openaiLimits.depth || size.properties > openaiLimits.properties) return undefined
  return allowed ? strict : undefined
}
