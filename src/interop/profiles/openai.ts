// OpenAI function calling (Chat Completions `tools`). Sources, read 2026-08:
// - https://platform.openai.com/docs/guides/function-calling (the `{ type: "function", function:
//   { name, description, parameters, strict } }` entry);
// - the API refuses a union at the top, strict or not: "schema must have type 'object' and not
//   have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level" (langchain-ai/langchainjs#9804,
//   goruck/home-generative-agent#545);
// - strict mode: see openai-strict.ts.
import type { CatalogTool } from '../../runtime/catalog.js'
import type { JsonSchema } from '../../runtime/types.js'
import { descriptionOf } from './tool-description.js'
import { strictParameters } from './openai-strict.js'
import { flattenRootUnion } from './root-union.js'
import { schemaSize } from './schema-size.js'
import type { ChangeKind, ToolProfile } from './types.js'

/** OpenAI's documented strict-mode limits on one schema. */
export const openaiLimits = { depth: 10, properties: 5000 } as const

const base = '/function/parameters'

/**
 * One entry of OpenAI's `tools` (Chat Completions): `{ type: 'function', function: { … } }`.
 * Without strict mode the catalog schema goes out as it is, a root union made one object; in
 * strict mode a schema beyond the documented limits falls back to a non-strict entry, reported.
 */
export const openaiTool: ToolProfile = (tool, options, warn) => {
  if (!options.strict) return entry(tool, flattenRootUnion(tool.parameters, base, warn), false)
  const changes: [string, string, ChangeKind][] = []
  const parameters = strictParameters(tool.parameters, (path, message, kind) => changes.push([path, message, kind]))
  const size = schemaSize(parameters)
  if (size.depth > openaiLimits.depth || size.properties > openaiLimits.properties) {
    const limits = `depth ${size.depth} (max ${openaiLimits.depth}), ${size.properties} properties (max ${openaiLimits.properties})`
    warn('/function/strict', `strict disabled for this tool: ${limits}`, 'note')
    return entry(tool, flattenRootUnion(tool.parameters, base, warn), false)
  }
  for (const [path, message, kind] of changes) warn(path, message, kind)
  return entry(tool, parameters, true)
}

function entry(tool: CatalogTool, parameters: JsonSchema, strict: boolean): unknown {
  return { type: 'function', function: { name: tool.name, ...descriptionOf(tool), parameters, strict } }
}
