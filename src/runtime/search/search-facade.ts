import type { ToolManagerInterface, ToolStreamPart } from '../manager-types.js'
import { sharedImport } from '../shared-import.js'
import { createToolManager } from '../tool-manager.js'
import { messageOf } from '../thrown.js'
import type { CallContext, JsonSchema, ToolCall, ToolDefinition, ToolInterface, ToolResult } from '../types.js'
import { deferredTool } from './deferred-tool.js'
import type { SearchableRegistry } from './searchable-registry.js'
import { CALL_TOOL_NAME, searchToolDefinition, type SearchToolOptions } from './search-tool-definition.js'

export { CALL_TOOL_NAME } from './search-tool-definition.js'
export type { SearchableRegistry }


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
 * context: its arguments are validated and a consequential tool asks the same confirm hook. The
 * facade lists from data alone; the code that searches and dispatches loads with its first call.
 */
export function withToolSearch(registry: SearchableRegistry, options: ToolSearchFacadeOptions = {}): ToolSearchFacade {
  const callable = options.callable ?? (() => true)
  const pinned = (options.pin ?? []).map((name) => {
    const tool = registry.tool(name)
    if (tool === undefined || !callable(name)) throw new TypeError(`cannot pin ${name}: no such tool can be called`)
    return tool
  })
  const pinnedNames = new Set(pinned.map((tool) => tool.name))
  const search: SearchToolOptions = { ...options.search, exclude: [...(options.search?.exclude ?? []), ...pinnedNames, CALL_TOOL_NAME], only: callable }
  // The registry class comes from here: the dispatch module imports no module of the listing path,
  // which keeps that path in as few chunks as before.
  const dispatcher = sharedImport(() => import('./facade-dispatch.js').then(({ facadeDispatch }) => facadeDispatch(registry, search, callable, pinnedNames, createToolManager)))
  // Every failure is a result, that of loading the dispatch code too.
  const dispatch = (call: ToolCall, context?: CallContext): Promise<ToolResult> =>
    dispatcher().then(
      (loaded) => loaded.dispatch(call, context),
      (error: unknown) => ({ id: call.id, name: call.name, success: false, error: messageOf(error) }),
    )
  const searchTool = deferredTool(searchToolDefinition(search, registry.definitions?.() ?? []), async () => (await dispatcher()).searchTool)
  const callTool: ToolInterface = {
    ...callToolDefinition,
    async execute(args, context) {
      const result = await dispatch({ id: 'call_tool', name: CALL_TOOL_NAME, arguments: args }, context)
      if (!result.success) throw new Error(result.error)
      return result.value
    },
  }
  const listed: readonly ToolInterface[] = [searchTool, ...pinned, callTool]

  async function* stream(call: ToolCall, context?: CallContext): AsyncIterable<ToolStreamPart> {
    const loaded = await dispatcher().catch(() => undefined)
    if (loaded === undefined) yield { type: 'result', result: await dispatch(call, context) }
    else yield* loaded.stream(call, context)
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
