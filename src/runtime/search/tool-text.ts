import type { JsonSchema } from '../types.js'
import type { SearchField } from './format.js'

/** What the index reads of a tool: its definition's text fields, parameter schema and annotations. */
export interface SearchableTool {
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly summary?: string
  readonly parameters?: JsonSchema
  readonly annotations?: { readonly pure?: boolean; readonly untrusted?: boolean; readonly consequential?: boolean }
}

/** How deep into nested parameter objects names and descriptions are read: top-level fields matter most. */
const maxDepth = 3

/** A tool's text per indexed field (the name is split into words later, like any text). */
export function toolText(tool: SearchableTool): Record<SearchField, string[]> {
  const text: Record<SearchField, string[]> = { name: [tool.name], title: [], description: [], parameters: [], parameterText: [], values: [] }
  if (tool.title !== undefined) text.title.push(tool.title)
  if (tool.summary !== undefined) text.description.push(tool.summary)
  if (tool.description !== undefined) text.description.push(tool.description)
  if (tool.parameters !== undefined) readSchema(tool.parameters, text, 0)
  return text
}

function readSchema(schema: unknown, text: Record<SearchField, string[]>, depth: number): void {
  if (typeof schema !== 'object' || schema === null || depth > maxDepth) return
  const node = schema as JsonSchema
  if (Array.isArray(node.enum)) for (const value of node.enum) if (typeof value === 'string') text.values.push(value)
  if (typeof node.const === 'string') text.values.push(node.const)
  // Parameter descriptions only: the root's description repeats the tool's.
  if (depth > 0 && typeof node.description === 'string') text.parameterText.push(node.description)
  const properties = node.properties
  if (typeof properties === 'object' && properties !== null) {
    for (const [name, property] of Object.entries(properties)) {
      text.parameters.push(name)
      readSchema(property, text, depth + 1)
    }
  }
  for (const key of ['items', 'additionalProperties'] as const) readSchema(node[key], text, depth + 1)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[key]
    if (Array.isArray(branches)) for (const branch of branches) readSchema(branch, text, depth)
  }
}
