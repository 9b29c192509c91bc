import type { JsonSchema, ToolDefinition, ToolInterface } from '../types.js'
import type { RegistrySearchOptions } from './registry-search.js'

/** The name of the search tool a model calls to find the registry's other tools. */
export const SEARCH_TOOL_NAME = 'tool_search'

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

/** What `tool_search` returns for each tool found: enough for the model to call it next. */
export interface FoundTool {
  readonly name: string
  readonly description?: string
  readonly parameters: JsonSchema
}

const description =
  "Finds the tools that can do a task. Describe the task in a few words (e.g. 'merge a pull request', 'list my repositories'); " +
  'returns the best matching tools with their names, descriptions and parameter schemas. Call a found tool by its name.'

/**
 * The `tool_search` tool over a registry's search: `{ query, limit? }` → `{ tools }` (names,
 * descriptions, parameter schemas). Its arguments are checked in the tool (no schema compiler
 * needed), a fault is thrown and so reported like any argument fault. Pure: it runs nothing.
 */
export function createSearchTool(searchRegistry: (query: string, options: RegistrySearchOptions) => Promise<readonly ToolDefinition[]>, options: SearchToolOptions = {}): ToolInterface {
  const { limit: defaultLimit = 5, maxLimit = 20, exclude = [], only = () => true, ...searchOptions } = options
  const excluded = new Set([SEARCH_TOOL_NAME, ...exclude])
  const parameters: JsonSchema = {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'What the tool should do, in a few words.' },
      limit: { type: 'integer', minimum: 1, maximum: maxLimit, description: `How many tools to return (default ${defaultLimit}).` },
    },
    required: ['query'],
    additionalProperties: false,
  }
  return {
    name: SEARCH_TOOL_NAME,
    title: 'Search tools',
    description,
    parameters,
    annotations: { pure: true },
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
