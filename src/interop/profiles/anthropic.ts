import type { JsonSchema } from '../../runtime/types.js'
import { pointer, rewriteSchema } from '../schema/rewrite.js'
import { descriptionOf } from './tool-description.js'
import type { ToolProfile, Warn } from './types.js'

const base = '/input_schema'

/**
 * One entry of Anthropic's `tools`: `{ name, description, input_schema }`. The schema is kept whole
 * except where Anthropic's rules bite: the root must be `type: "object"` and `$ref`s must be local.
 */
export const anthropicTool: ToolProfile = (tool, _options, warn) => ({
  name: tool.name,
  ...descriptionOf(tool),
  input_schema: inputSchema(tool.parameters, warn),
})

function inputSchema(parameters: JsonSchema, warn: Warn): JsonSchema {
  const localRefs = rewriteSchema(parameters, (node, path) => {
    if (typeof node.$ref !== 'string' || node.$ref.startsWith('#')) return node
    warn(`${base}${pointer([...path, '$ref'])}`, `non-local $ref "${node.$ref}" replaced by an unconstrained schema: Anthropic resolves only local references`)
    const { $ref: _remote, ...rest } = node
    return rest
  })
  if (localRefs.type === 'object') return localRefs
  warn(`${base}/type`, 'root type set to "object": Anthropic requires an object input schema')
  return { ...localRefs, type: 'object' }
}
