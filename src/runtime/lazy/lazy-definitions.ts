import type { ToolDefinition, ToolInterface } from '../types.js'

/**
 * `toolToDefinition` for a lazy tool: the same keys in the same order and the same
 * summary-over-description rule, but `parameters` is an enumerable getter reading the tool's own,
 * so listing a registry parses no schema until one is read. Built as one literal: defining the
 * getter on a projected object afterwards costs a slow property redefinition per tool.
 */
export function lazyDefinition(tool: ToolInterface): ToolDefinition {
  const description = tool.summary ?? tool.description
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(description !== undefined && { description }),
    get parameters() {
      return tool.parameters
    },
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  }
}
