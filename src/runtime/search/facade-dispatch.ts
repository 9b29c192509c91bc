import type { createToolManager } from '../tool-manager.js'
import type { ToolStreamPart } from '../manager-types.js'
import type { CallContext, ToolCall, ToolInterface, ToolResult } from '../types.js'
import type { SearchableRegistry } from './searchable-registry.js'
import { CALL_TOOL_NAME, SEARCH_TOOL_NAME, type SearchToolOptions } from './search-tool-definition.js'
import { createSearchTool } from './search-tool.js'

/** How a facade's calls reach its registry, loaded with the facade's first call. */
export interface FacadeDispatch {
  /** The facade's `tool_search`, searching the registry. */
  readonly searchTool: ToolInterface
  dispatch(call: ToolCall, context?: CallContext): Promise<ToolResult>
  stream(call: ToolCall, context?: CallContext): AsyncIterable<ToolStreamPart>
}

/**
 * Dispatches a `withToolSearch` facade's calls: `tool_search` to a search tool of its own,
 * `call_tool` to the registry as a direct call of the named tool, a pinned tool as itself.
 */
export function facadeDispatch(
  registry: SearchableRegistry,
  search: SearchToolOptions,
  callable: (name: string) => boolean,
  pinned: ReadonlySet<string>,
  createManager: typeof createToolManager,
): FacadeDispatch {
  const searchTool = createSearchTool(registry.search, search)
  const own = createManager()
  own.add(searchTool)

  /** The direct call a `call_tool` call stands for, or a failure message. */
  function target(call: ToolCall): ToolCall | string {
    const { name, arguments: args = {}, ...rest } = call.arguments as { name?: unknown; arguments?: unknown }
    const extra = Object.keys(rest)
    if (extra.length > 0) return `${extra[0]}: additionalProperties; expected no other keys than name and arguments`
    if (typeof name !== 'string' || name === '') return 'name: type; expected the name of a found tool'
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return 'arguments: type; expected object'
    if (name === SEARCH_TOOL_NAME || name === CALL_TOOL_NAME || !callable(name)) return `tool not found: ${name}`
    return { id: call.id, name, arguments: args as Readonly<Record<string, unknown>> }
  }

  async function dispatch(call: ToolCall, context?: CallContext): Promise<ToolResult> {
    if (call.name === SEARCH_TOOL_NAME) return own.execute(call, context)
    if (call.name === CALL_TOOL_NAME) {
      const direct = target(call)
      if (typeof direct === 'string') return { id: call.id, name: call.name, success: false, error: direct }
      return registry.execute(direct, context)
    }
    if (pinned.has(call.name)) return registry.execute(call, context)
    return { id: call.id, name: call.name, success: false, error: `tool not found: ${call.name}` }
  }

  async function* stream(call: ToolCall, context?: CallContext): AsyncIterable<ToolStreamPart> {
    const direct = call.name === CALL_TOOL_NAME ? target(call) : pinned.has(call.name) ? call : undefined
    if (direct === undefined || typeof direct === 'string') {
      yield { type: 'result' as const, result: await dispatch(call, context) }
      return
    }
    yield* registry.stream(direct, context)
  }

  return { searchTool, dispatch, stream }
}
