import type { ToolManagerInterface } from '../manager-types.js'
import type { ToolDefinition } from '../types.js'
import type { RegistrySearchOptions } from './registry-search.js'

/** The registry a facade fronts: its tools, its search and its calls. */
export type SearchableRegistry = Pick<ToolManagerInterface, 'tool' | 'execute' | 'stream'> & {
  search(query: string, options?: RegistrySearchOptions): Promise<ToolDefinition[]>
  /** The tools `tool_search`'s description is written from; without it, a description of no tools in particular. */
  definitions?(): readonly ToolDefinition[]
}
