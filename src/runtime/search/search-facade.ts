import type { ToolManagerInterface } from '../manager-types.js'
import { createToolManager } from '../tool-manager.js'
import type { CallContext, JsonSchema, ToolCall, ToolDefinition, ToolInterface, ToolResult } from '../types.js'
import type { RegistrySearchOptions } from './registry-search.js'
import { createSearchTool, SEARCH_TOOL_NAME, type SearchToolOptions } from './search-tool.js'

/** The name of the tool that calls a found tool by name. */
export const CALL_TOOL_NAME = 'call_tool'

/** The registry a facade fronts: its tools, its search and its calls. */
export type SearchableRegistry = Pick<ToolManagerInterface, 'tool' | 'execute' | 'stream'> & {
  search(query: string, options?: RegistrySearchOptions): Promise<ToolDefinition[]>
}

/** Configures `withToolSearch`. */
export interface ToolSearchFacadeOptions {
  /** Tools shown as they are, next to `tool_search` and `call_tool`. */
  readonly pin?: readonly string[]
  /** Which tools may be found and called (e.g. not a declaration-only tool without a handler). @default every tool */
  readonly callable?: (name: string) => boolean
  /** Options of the `tool_search` tool. */
  readonly search?: SearchToolOptions
}

/** What a facade offers: the registry surface a server lists and dispatches on. */
export type ToolSearchFacade = Pick<ToolManagerInterface, 'tool' | 'tools' | 'definitions' | 'execute' | 'stream'> & { readonly count: number }

const callToolParameters: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, description: 'The name of a tool that tool_search returned.' },
    arguments: { type: 'object', description: "The tool's arguments, as its parameter schema describes them." },
  },
  required: ['name'],
  additionalProperties: false,
}

/** `call_tool`'s definition: `{ name, arguments }`. */
export const callToolDefinition = {
  name: CALL_TOOL_NAME,
  title: 'Call a found tool',
  description: 'Calls a tool that tool_search found, by its name, with its arguments. A tool that needs confirmation still asks for it.',
  parameters: callToolParameters,
} as const satisfies ToolDefinition

/**
 * A registry seen through tool search: it lists `tool_search`, the pinned tools and `call_tool`
 * (`{ name, arguments }`), so a client of a server with thousands of tools sees three. A call of
 * `call_tool` is dispatched to the registry as a direct call of the named tool, with the same
 * context: its arguments are validated and a consequential tool asks the same confirm hook.
 */
export function withToolSearch(registry: SearchableRegistry, options: ToolSearchFacadeOptions = {}): ToolSearchFacade {
  const callable = options.callable ?? (() => true)
  const pinned = (options.pin ?? []).map((name) => {
    const tool = registry.tool(name)
    if (tool === undefined || !callable(name)) throw new TypeError(`cannot pin ${name}: no such tool can be called`)
    return tool
  })
  const pinnedNames = new Set(pinned.map((tool) => tool.name))
  const searchTool = createSearchTool(registry.search, { ...options.search, exclude: [...(options.search?.exclude ?? []), ...pinnedNames, CALL_TOOL_NAME], only: callable })
  const callTool: ToolInterface = {
    ...callToolDefinition,
    async execute(args, context) {
      const result = await dispatch({ id: 'call_tool', name: CALL_TOOL_NAME, arguments: args }, context)
      if (!result.success) throw new Error(result.error)
      return result.value
    },
  }
  const own = createToolManager()
  own.add(searchTool)
  const listed: readonly ToolInterface[] = [searchTool, ...pinned, callTool]

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
    if (pinnedNames.has(call.name)) return registry.execute(call, context)
    return { id: call.id, name: call.name, success: false, error: `tool not found: ${call.name}` }
  }

  async function* stream(call: ToolCall, context?: CallContext) {
    const direct = call.name === CALL_TOOL_NAME ? target(call) : pinnedNames.has(call.name) ? call : undefined
    if (direct === undefined || typeof direct === 'string') {
      yield { type: 'result' as const, result: await dispatch(call, context) }
      return
    }
    yield* registry.stream(direct, context)
  }

  const execute = ((calls: ToolCall | readonly ToolCall[], context?: CallContext) =>
    Array.isArray(calls) ? Promise.all(calls.map((call) => dispatch(call, context))) : dispatch(calls as ToolCall, context)) as ToolSearchFacade['execute']
  return {
    count: listed.length,
    tool: (name) => listed.find((tool) => tool.name === name),
    tools: () => [...listed],
    definitions: () => listed.map((tool) => ({ name: tool.name, ...(tool.title !== undefined && { title: tool.title }), ...(tool.description !== undefined && { description: tool.description }), parameters: tool.parameters ?? {}, ...(tool.annotations !== undefined && { annotations: tool.annotations }) })),
    execute,
    stream,
  }
}
