import type { JsonSchema, ToolDefinition } from '../types.js'
import type { RegistrySearchOptions } from './registry-search.js'
import { describeSearchTool, type DescribedTool } from './search-tool-description.js'

/** The name of the search tool a model calls to find the registry's other tools. */
export const SEARCH_TOOL_NAME = 'tool_search'

/** The name of the tool that calls a found tool by name (see `withToolSearch`). */
export const CALL_TOOL_NAME = 'call_tool'

/** Configures `registry.searchTool()`. */
export interface SearchToolOptions extends Omit<RegistrySearchOptions, 'limit'> {
  /** Tools found per call when the model gives no limit. @default 5 */
  readonly limit?: number
  /** Most tools one call may ask for. @default 20 */
  readonly maxLimit?: number
  /** Tools never returned, e.g. those already pinned in front of the model. */
  readonly exclude?: readonly string[]
  /** Returns only the tools this accepts (e.g. those a server can run). */
  readonly only?: (name: string) => boolean
}

/**
 * What `tool_search` advertises, apart from what it does: a registry lists it at start-up, while
 * the code that runs a search loads with the first one (see `createSearchTool`). Its description
 * is written from `tools`, those of them it can find (see `describeSearchTool`).
 */
export function searchToolDefinition(
  options: Pick<SearchToolOptions, 'limit' | 'maxLimit' | 'exclude' | 'only'> = {},
  tools: readonly DescribedTool[] = [],
): ToolDefinition & { readonly annotations: { readonly pure: true } } {
  const { limit = 5, maxLimit = 20, exclude = [], only = () => true } = options
  const excluded = new Set([SEARCH_TOOL_NAME, CALL_TOOL_NAME, ...exclude])
  const description = describeSearchTool(tools.filter((tool) => !excluded.has(tool.name) && only(tool.name)))
  const parameters: JsonSchema = {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'What the tool should do, in a few words.' },
      limit: { type: 'integer', minimum: 1, maximum: maxLimit, description: `How many tools to return (default ${limit}).` },
    },
    required: ['query'],
    additionalProperties: false,
  }
  return { name: SEARCH_TOOL_NAME, title: 'Search tools', description, parameters, annotations: { pure: true } }
}
