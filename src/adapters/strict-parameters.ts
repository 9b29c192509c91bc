import { openaiLimits } from '../interop/profiles/openai.js'
import { strictParameters } from '../interop/profiles/openai-strict.js'
import { schemaSize } from '../interop/profiles/schema-size.js'
import type { JsonSchema } from '../runtime/types.js'

/**
 * The OpenAI strict-mode copy of a tool's parameter schema, through toolcat's strict profile, or
 * `undefined` when the schema does not allow strict mode: beyond OpenAI's documented size limits,
 * or when the profile reports a lossy change (an open record closed, a tuple, a root union that
 * does not merge), after which the model could not send arguments the tool accepts. Optional properties become required and
 * nullable; calls are mapped back with `nullsToAbsent` before validation.
 */
export function strictSchemaOf(parameters: JsonSchema): JsonSchema | undefined {
  let allowed = true
  const strict = strictParameters(parameters, (_path, _message, kind) => {
    if (kind === 'lossy') allowed = false
  })
  const size = schemaSize(strict)
  if (size.depth > openaiLimits.depth || size.properties > openaiLimits.properties) return undefined
  return allowed ? strict : undefined
}
