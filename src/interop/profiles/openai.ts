import type { CatalogTool } from '../../runtime/catalog.js'
import type { JsonSchema } from '../../runtime/types.js'
import { descriptionOf } from './tool-description.js'
import { strictParameters } from './openai-strict.js'
import { schemaSize } from './schema-size.js'
import type { ToolProfile } from './types.js'

/** OpenAI's documented strict-mode limits on one schema. */
export const openaiLimits = { depth: 10, properties: 5000 } as const

/**
 * One entry of OpenAI's `tools` (Chat Completions): `{ type: 'function', function: { … } }`.
 * In strict mode a schema beyond the documented limits falls back to a non-strict entry, reported.
 */
export const openaiTool: ToolProfile = (tool, options, warn) => {
  if (!options.strict) return entry(tool, tool.parameters, false)
  const changes: [string, string][] = []
  const parameters = strictParameters(tool.parameters, (path, message) => changes.push([path, message]))
  const size = schemaSize(parameters)
  if (size.depth > openaiLimits.depth || size.properties > openaiLimits.properties) {
    warn('/function/strict', `strict disabled: depth ${size.depth} (max ${openaiLimits.depth}), ${size.properties} properties (max ${openaiLimits.properties})`)
    return entry(tool, tool.parameters, false)
  }
  for (const [path, message] of changes) warn(path, message)
  return entry(tool, parameters, true)
}

function entry(tool: CatalogTool, parameters: JsonSchema, strict: boolean): unknown {
  return { type: 'function', function: { name: tool.name, ...descriptionOf(tool), parameters, strict } }
}
