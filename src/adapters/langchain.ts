// `toolcat/langchain`: a registry's tools as LangChain.js structured tools (`@langchain/core`, an optional peer).
import type { ToolMessage as ToolMessageType } from '@langchain/core/messages'
import type { DynamicStructuredTool, ToolRunnableConfig } from '@langchain/core/tools'
import type { JSONSchema } from '@langchain/core/utils/json_schema'
import type { ToolStreamPart } from '../runtime/manager-types.js'
import type { ToolTypeMap } from '../runtime/lazy/types.js'
import type { ToolResult } from '../runtime/types.js'
import { callRegistry, streamRegistry, type FrameworkCall } from './call-registry.js'
import { loadPeer } from './load-peer.js'
import type { AdapterOptions, ToolSource } from './options.js'
import { selectTools, type SelectedTool } from './select-tools.js'

export type { AdapterOptions, CatalogEntryInfo, ToolSource } from './options.js'

const [tools, messages] = await loadPeer(
  () => Promise.all([import('@langchain/core/tools'), import('@langchain/core/messages')]),
  'langchain',
  '@langchain/core',
)

/**
 * One LangChain tool per selected registry tool. Invoked with plain arguments it resolves with the
 * tool's result; invoked with a tool call (as agents do), with a `ToolMessage` holding the result
 * as JSON text, or the failure with `status: "error"`.
 */
export type LangChainTool<T extends ToolTypeMap, N extends keyof T & string, P extends string> = {
  [K in N]: DynamicStructuredTool<JSONSchema, T[K]['args'], T[K]['args'], T[K]['result'] | ToolMessageType, unknown, `${P}${K}`>
}[N]

/**
 * The registry's tools as LangChain structured tools (`createAgent({ tools })`, `model.bindTools`).
 * The schema is the catalog's; `func` calls the registry, which imports the tool's module on its
 * first call and validates before entry. A failure answering a tool call is a `ToolMessage` with
 * `status: "error"`, so the agent hands it to the model and goes on. LangChain has no approval
 * mechanism of its own for a tool: a consequential tool runs only when the `confirm` option says
 * yes. A streaming tool yields each chunk as a tool event (callbacks: `handleToolEvent`).
 */
export function toLangChainTools<T extends ToolTypeMap = ToolTypeMap, N extends keyof T & string = keyof T & string, P extends string = ''>(
  registry: ToolSource<T>,
  options: AdapterOptions<N, P> = {},
): LangChainTool<T, N, P>[] {
  return selectTools(registry, options).map((selected) => langChainTool(registry, selected, options)) as LangChainTool<T, N, P>[]
}

function langChainTool(registry: ToolSource, selected: SelectedTool, options: AdapterOptions<string, string>): unknown {
  const call = (input: unknown, config: ToolRunnableConfig | undefined): FrameworkCall => ({
    ...(config?.toolCall?.id != null && { id: config.toolCall.id }),
    args: input,
    ...(config?.signal !== undefined && { signal: config.signal }),
  })
  const fields = { name: selected.exposedName, description: selected.description ?? '', schema: selected.parameters() as JSONSchema }
  const single = async (input: unknown, config: ToolRunnableConfig | undefined): Promise<unknown> => answer(selected, await callRegistry(registry, selected, options, call(input, config)), config)
  if (!selected.stream) return withToolcatFaults(tools.tool(single, fields), selected, single)
  const made = tools.tool(async function* (input: unknown, config: ToolRunnableConfig) {
    for await (const part of streamRegistry(registry, selected, options, call(input, config)) as AsyncIterable<ToolStreamPart>) {
      if (part.type === 'chunk') yield part.value
      else return answer(selected, part.result, config)
    }
    return undefined
  }, fields)
  return withToolcatFaults(made, selected, single)
}

/** The public face of a LangChain tool that this adapter wraps. */
interface Invocable {
  invoke(input: unknown, config?: ToolRunnableConfig): Promise<unknown>
}

/**
 * LangChain checks a call's arguments against the schema before the tool function runs, and its
 * refusal (`ToolInputParsingException`) reaches the model as "Received tool input did not match
 * expected schema", without the path or the reason (an agent adds a stack). When it refuses, the
 * call goes to the registry instead, whose validation answers with toolcat's fault message (or, for
 * the JSON-text numbers toolcat coerces, runs the call), as a `ToolMessage` for a tool call.
 */
function withToolcatFaults<T extends Invocable>(made: T, selected: SelectedTool, single: (input: unknown, config: ToolRunnableConfig | undefined) => Promise<unknown>): T {
  const invoke = made.invoke.bind(made)
  made.invoke = async (input: unknown, config?: ToolRunnableConfig) => {
    try {
      return await invoke(input, config)
    } catch (error) {
      if (!(error instanceof tools.ToolInputParsingException)) throw error
      const toolCall = toolCallOf(input)
      const callConfig = toolCall === undefined ? config : { ...config, toolCall }
      const output = await single(toolCall?.args ?? input, callConfig as ToolRunnableConfig)
      if (toolCall === undefined || output instanceof messages.ToolMessage) return output
      return new messages.ToolMessage({ content: typeof output === 'string' ? output : JSON.stringify(output), tool_call_id: toolCall.id, name: selected.exposedName, status: 'success' })
    }
  }
  return made
}

/** A LangChain tool call (`{ type: 'tool_call', id, name, args }`) passed to `invoke`, if `input` is one. */
function toolCallOf(input: unknown): { id: string; name: string; args: unknown; type: 'tool_call' } | undefined {
  const candidate = input as { type?: unknown; id?: unknown; name?: unknown; args?: unknown } | null
  if (typeof candidate !== 'object' || candidate === null || candidate.type !== 'tool_call' || typeof candidate.id !== 'string') return undefined
  return { id: candidate.id, name: String(candidate.name), args: candidate.args, type: 'tool_call' }
}

/** The tool's value, or the failure: a `ToolMessage` with `status: "error"` when answering a tool call, else thrown. */
function answer(selected: SelectedTool, result: ToolResult, config: ToolRunnableConfig | undefined): unknown {
  if (result.success) return result.value
  const id = config?.toolCall?.id
  if (id == null) throw new Error(result.error)
  return new messages.ToolMessage({ content: result.error, tool_call_id: id, name: selected.exposedName, status: 'error' })
}
