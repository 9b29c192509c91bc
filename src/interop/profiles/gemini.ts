import type { JsonSchema } from '../../runtime/types.js'
import { pointer, rewriteSchema, type SchemaPath } from '../schema/rewrite.js'
import { requiredRecursion } from './gemini-recursion.js'
import { isolateRef, keepKeywords, oneOfAsAnyOf, singleAllOfAsAnyOf } from './keyword-rewrites.js'
import { descriptionOf } from './tool-description.js'
import type { ToolProfile, Warn } from './types.js'

/** The JSON Schema subset Gemini documents for `parametersJsonSchema`. */
const allowed = new Set([
  ...['type', 'title', 'description', 'enum', 'format', 'minimum', 'maximum'],
  ...['items', 'prefixItems', 'minItems', 'maxItems', 'properties', 'required', 'additionalProperties'],
  ...['anyOf', '$ref', '$defs', '$anchor', '$id', 'propertyOrdering'],
])
const base = '/parametersJsonSchema'

/**
 * One of Gemini's `functionDeclarations`: `{ name, description, parametersJsonSchema }`, the schema
 * cut down to Gemini's subset. Recursion through required properties is kept but reported.
 */
export const geminiTool: ToolProfile = (tool, _options, warn) => {
  const parametersJsonSchema = rewriteSchema(tool.parameters, (node, path) => subsetNode(node, path, warn))
  for (const at of requiredRecursion(parametersJsonSchema)) {
    warn(`${base}${at}`, 'recursion through required properties only: Gemini accepts recursion only through an optional property')
  }
  return { name: tool.name, ...descriptionOf(tool), parametersJsonSchema }
}

function subsetNode(node: JsonSchema, path: SchemaPath, warn: Warn): JsonSchema {
  const { const: constant, ...rest } = oneOfAsAnyOf(singleAllOfAsAnyOf(node, path, base, warn), path, base, warn)
  const rewritten: Record<string, unknown> = { ...rest }
  if ('const' in node) {
    warn(`${base}${pointer([...path, 'const'])}`, 'const rewritten as a one-value enum: Gemini does not support const')
    rewritten.enum = [constant]
  }
  const kept = keepKeywords(rewritten, allowed, { base, path, warn, provider: 'Gemini' })
  return isolateRef(kept, path, base, warn)
}
