// Anthropic tool use (Messages API `tools`). Sources, read 2026-08:
// - anthropics/anthropic-sdk-typescript src/resources/messages/messages.ts `Tool`: `input_schema`
//   is "JSON schema (https://json-schema.org/draft/2020-12)" with `type: 'object'`; `strict?:
//   boolean` "guarantees schema validation on tool names and inputs";
// - https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools (entry shape);
// - the API refuses a union at the top: "input_schema does not support oneOf, allOf, or anyOf at
//   the top level" (anthropics/claude-code#5319, mobile-next/mobile-mcp#344);
// - strict tool use: see anthropic-strict.ts.
import type { JsonSchema } from '../../runtime/types.js'
import { pointer, rewriteSchema } from '../schema/rewrite.js'
import { strictInputSchema } from './anthropic-strict.js'
import { tupleAsPrefixItems } from './object-shapes.js'
import { flattenRootUnion } from './root-union.js'
import { descriptionOf } from './tool-description.js'
import type { ChangeKind, ToolProfile, Warn } from './types.js'

const base = '/input_schema'

/**
 * One entry of Anthropic's `tools`: `{ name, description, input_schema }` (and `strict: true` in
 * strict mode). The schema is kept whole except where Anthropic's rules bite: a 2020-12 schema
 * (tuples as `prefixItems`), an object root without a top-level union, local `$ref`s only. In
 * strict mode a recursive schema, which strict tool use does not support, falls back to a
 * non-strict entry, reported.
 */
export const anthropicTool: ToolProfile = (tool, options, warn) => {
  const entry = (input_schema: JsonSchema, strict?: true) => ({ name: tool.name, ...descriptionOf(tool), input_schema, ...(strict ? { strict } : {}) })
  if (!options.strict) return entry(inputSchema(tool.parameters, warn))
  const changes: [string, string, ChangeKind][] = []
  const strict = strictInputSchema(tool.parameters, (path, message, kind) => changes.push([path, message, kind]))
  if (strict === undefined) {
    warn('/strict', 'strict disabled for this tool: strict tool use does not support recursive schemas', 'note')
    return entry(inputSchema(tool.parameters, warn))
  }
  for (const [path, message, kind] of changes) warn(path, message, kind)
  return entry(strict, true)
}

/** The non-strict input schema: 2020-12 tuples, one object root, local references. */
export function inputSchema(parameters: JsonSchema, warn: Warn): JsonSchema {
  const flat = flattenRootUnion(parameters, base, warn)
  const local = rewriteSchema(flat, (node, path) => {
    const next = tupleAsPrefixItems(node, { base, path, warn })
    if (typeof next.$ref !== 'string' || next.$ref.startsWith('#')) return next
    warn(`${base}${pointer([...path, '$ref'])}`, `non-local $ref "${next.$ref}" replaced by an unconstrained schema: Anthropic resolves only local references`, 'lossy')
    const { $ref: _remote, ...rest } = next
    return rest
  })
  if (local.type === 'object') return local
  warn(`${base}/type`, 'root type set to "object": Anthropic requires an object input schema', 'cosmetic')
  return { ...local, type: 'object' }
}
