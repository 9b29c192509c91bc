import { createToolManager } from '../tool-manager.js'
import { toolToDefinition } from '../to-definition.js'
import type { CallContext, ToolCall, ToolDefinition, ToolHandler, ToolInterface } from '../types.js'
import type { LazyCallPolicy } from './lazy-call.js'
import { lazyDefinition } from './lazy-definitions.js'
import { fragmentJoiner } from './lazy-schema.js'
import { LazyTool } from './lazy-tool.js'
import type { RegistrySearchOptions, SearchIndexSource } from '../search/registry-search.js'
import { deferredTool } from '../search/deferred-tool.js'
import { SEARCH_TOOL_NAME, searchToolDefinition, type SearchToolOptions } from '../search/search-tool-definition.js'
import type { FragmentTable, LazyRegistry, LazyRegistryOptions, LazyToolEntry, LazyToolIndexEntry, ToolTypeMap, TypedToolResult } from './types.js'

/**
 * Creates a runtime tool registry (`createToolManager`) holding one lazy tool per entry:
 * `definitions()` imports nothing and parses no index schema, and each tool's module is imported
 * on its first call. Every other behaviour — confirmation, streaming, cancellation, isolation,
 * events, batches — is the runtime registry's own. Generated `registry.js` modules call this with
 * the catalog's entries and a function returning the table of texts their schemas reference, so
 * that table is compiled only when a first schema is read, and a function importing their search
 * index (`search.js`), imported on the first `search`.
 */
export function createLazyRegistry<T extends ToolTypeMap = ToolTypeMap>(
  entries: readonly (LazyToolEntry | LazyToolIndexEntry)[],
  options: LazyRegistryOptions<T> = {},
  fragments: FragmentTable = [],
  searchIndex?: SearchIndexSource,
): LazyRegistry<T> {
  const { handlers: supplied, compile, nullAsAbsent, undeclaredKeys, ...managerOptions } = options
  const registry = createToolManager(managerOptions)
  const handlers: Readonly<Record<string, ToolHandler<any, unknown> | undefined>> = supplied ?? {}
  const join = fragmentJoiner(fragments)
  const policy: LazyCallPolicy = { compile, nullAsAbsent: nullAsAbsent === true, ...(undeclaredKeys !== undefined && { undeclaredKeys }) }
  const shared = { join, policy }
  registry.add(
    entries.map((entry) => {
      const name = entry.definition.name
      // Own keys only: a tool named `toString` must not pick up Object.prototype's.
      return new LazyTool(entry, shared, Object.hasOwn(handlers, name) ? handlers[name] : undefined)
    }),
  )
  // Tools added later by the host are not lazy and are projected as usual.
  const definitionOf = (tool: ToolInterface): ToolDefinition => (tool instanceof LazyTool ? lazyDefinition(tool) : toolToDefinition(tool))
  const definitions = (): readonly ToolDefinition[] => registry.tools().map(definitionOf)
  let calls = 0
  const call = (name: string, args: object, context?: CallContext): Promise<TypedToolResult<unknown>> => {
    const request: ToolCall = { id: `call-${++calls}`, name, arguments: args as ToolCall['arguments'] }
    return registry.execute(request, context)
  }
  // The search engine is a chunk of its own, loaded on the first search: a registry's start-up
  // stays as it was. The search tool itself is never among the results.
  let searcher: Promise<(query: string, options?: RegistrySearchOptions) => Promise<ToolDefinition[]>> | undefined
  let version = 0
  for (const event of ['add', 'remove', 'clear'] as const) registry.emitter.on(event, () => void version++)
  const searched = {
    version: () => version,
    definitions: () => definitions().filter((definition) => definition.name !== SEARCH_TOOL_NAME),
    definition: (name: string) => {
      const tool = registry.tool(name)
      return tool === undefined || name === SEARCH_TOOL_NAME ? undefined : definitionOf(tool)
    },
  }
  const search = async (query: string, options?: RegistrySearchOptions): Promise<ToolDefinition[]> => {
    searcher ??= import('../search/registry-search.js').then(({ createRegistrySearch }) => createRegistrySearch(searched, searchIndex))
    return (await searcher)(query, options)
  }
  const searchTool = (options?: SearchToolOptions): ToolInterface => {
    // Listed from its definition; the search tool's code loads with its first call.
    const tool = deferredTool(searchToolDefinition(options, searched.definitions()), () => import('../search/search-tool.js').then(({ createSearchTool }) => createSearchTool(search, options)))
    registry.add(tool)
    return tool
  }
  return Object.assign(registry, { call, definitions, search, searchTool }) as LazyRegistry<T>
}
