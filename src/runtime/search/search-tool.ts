import type { JsonSchema, ToolDefinition, ToolInterface } from '../types.js'
import type { RegistrySearchOptions } from './registry-search.js'
import { SEARCH_TOOL_NAME, searchToolDefinition, type SearchToolOptions } from './search-tool-definition.js'

export { SEARCH_TOOL_NAME, type SearchToolOptions } from './search-tool-definition.js'

/** What `tool_search` returns for each tool found: enough for the model to call it next. */
export interface FoundTool {
  readonly name: string
  readonly description?: string
  readonly parameters: JsonSchema
}

/**
 * The `tool_search` tool over a registry's search: `{ query, limit? }` → `{ tools }` (names,
 * descriptions, parameter schemas). Its arguments are checked in the tool (no schema compiler
 * needed), a fault is thrown and so reported like any argument fault. Pure: it runs nothing.
 */
export function createSearchTool(searchRegistry: (query: string, options: RegistrySearchOptions) => Promise<readonly ToolDefinition[]>, options: SearchToolOptions = {}): ToolInterface {
  const { limit: defaultLimit = 5, maxLimit = 20, exclude = [], only = () => true, ...searchOptions } = options
  const excluded = new Set([SEARCH_TOOL_NAME, ...exclude])
  return {
    ...searchToolDefinition(options),
    async execute(args) {
      const { query, limit = defaultLimit } = args as { query?: unknown; limit?: unknown }
      if (typeof query !== 'string' || query.trim() === '') throw new TypeError('query: expected a non-empty string')
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new TypeError(`limit: expected an integer from 1 to ${maxLimit}`)
      // Ask for more, so that excluded tools do not shorten the answer.
      const found = await searchRegistry(query, { ...searchOptions, limit: limit + excluded.size + 15 })
      const tools: FoundTool[] = found
        .filter((definition) => !excluded.has(definition.name) && only(definition.name))
        .slice(0, limit)
        .map((definition) => ({
          name: definition.name,
          ...(definition.description !== undefined && { description: definition.description }),
          parameters: definition.parameters ?? { type: 'object', properties: {} },
        }))
      return { tools }
    },
  }
}
