import type { JsonSchema, ToolDefinition, ToolInterface } from '../types.js'

/**
 * `toolToDefinition` for a tool whose schema is read lazily: the same keys in the same order and
 * the same summary-over-description rule, but `parameters` is an enumerable getter, so listing a
 * registry parses no schema until one is read. Built as one literal: defining the getter on a
 * projected object afterwards costs a slow property redefinition per tool.
 */
export function lazyDefinition(tool: ToolInterface, parameters: () => JsonSchema): ToolDefinition {
  const description = tool.summary ?? tool.description
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(description !== undefined && { description }),
    get parameters() {
      return parameters()
    },
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  }
}
