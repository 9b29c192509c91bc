import type { ToolDefinition, ToolInterface } from './types.js'

/**
 * Projects a tool onto the plain definition advertised to a caller: a fresh object keyed
 * name, title, description, parameters, annotations (present fields only), advertising an authored
 * `summary` in place of the full description and carrying schema and annotations by reference.
 */
export function toolToDefinition(tool: ToolInterface): ToolDefinition {
  const description = tool.summary ?? tool.description
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(description !== undefined && { description }),
    ...(tool.parameters !== undefined && { parameters: tool.parameters }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  }
}
