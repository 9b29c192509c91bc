import type { JsonSchema } from '../../runtime/types.js'
import { forEachSubschema } from '../schema/rewrite.js'
import { geminiJsonSchema } from './gemini-json.js'
import { geminiOpenApiSchema, keptOnlyByOpenApi } from './gemini-openapi.js'
import { flattenRootUnion } from './root-union.js'
import { descriptionOf } from './tool-description.js'
import type { ChangeKind, ToolProfile } from './types.js'

type Change = [path: string, message: string, kind: ChangeKind]

/**
 * One of Gemini's `functionDeclarations`. Gemini takes the parameters in one of two fields, and
 * each keeps what the other drops: `parametersJsonSchema` (JSON Schema: references, recursion,
 * records, tuples) or `parameters` (the OpenAPI subset `Schema`: pattern, minLength, maxLength,
 * default). Each tool gets the field that keeps the most of its contract: `parameters` when it
 * says the schema exactly and keeps a constraint the JSON Schema field would only describe,
 * otherwise `parametersJsonSchema`. The choice is reported as a note.
 */
export const geminiTool: ToolProfile = (tool, _options, warn) => {
  const json: Change[] = []
  const parametersJsonSchema = geminiJsonSchema(tool.parameters, (path, message, kind) => json.push([path, message, kind]))
  const kept = keptKeywords(tool.parameters)
  if (kept.length > 0) {
    const openApi: Change[] = []
    const record = (path: string, message: string, kind: ChangeKind) => openApi.push([path, message, kind])
    const parameters = geminiOpenApiSchema(flattenRootUnion(tool.parameters, '/parameters', record), record)
    if (!openApi.some(([, , kind]) => kind === 'lossy')) {
      warn('/parameters', `declared with parameters (Gemini's OpenAPI Schema), which keeps ${kept.join(', ')}; parametersJsonSchema would only describe them`, 'note')
      for (const change of openApi) warn(...change)
      return { name: tool.name, ...descriptionOf(tool), parameters }
    }
  }
  for (const change of json) warn(...change)
  return { name: tool.name, ...descriptionOf(tool), parametersJsonSchema }
}

/** The keywords of a schema that only the OpenAPI field keeps, sorted. */
function keptKeywords(schema: JsonSchema): string[] {
  const found = new Set<string>()
  forEachSubschema(schema, (node) => {
    for (const keyword of Object.keys(node)) if (keptOnlyByOpenApi.has(keyword)) found.add(keyword)
  })
  return [...found].sort()
}
