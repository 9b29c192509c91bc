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
  if (!selected.stream) {
    return tools.tool(async (input: unknown, config: ToolRunnableConfig) => answer(selected, await callRegistry(registry, selected, options, call(input, config)), config), fields)
  }
  return tools.tool(async function* (input: unknown, config: ToolRunnableConfig) {
    for await (const part of streamRegistry(registry, selected, options, call(input, config)) as AsyncIterable<ToolStreamPart>) {
      if (part.type === 'chunk') yield part.value
      else return answer(selected, part.result, config)
    }
    return undefined
  }, fields)
}

/** The tool's value, or the failure: a `ToolMessage` with `status: "error"` when answering a tool call, else thrown. */
function answer(selected: SelectedTool, result: ToolResult, config: ToolRunnableConfig | undefined): unknown {
  if (result.success) return result.value
  const id = config?.toolCall?.id
  if (id == null) throw new Error(result.error)
  return new messages.ToolMessage({ content: result.error, tool_call_id: id, name: selected.exposedName, status: 'error' })
}
