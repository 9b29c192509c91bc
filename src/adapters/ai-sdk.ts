// `toolcat/ai-sdk`: a registry's tools as Vercel AI SDK tools (`ai`, an optional peer dependency).
import type { JSONSchema7, Tool } from 'ai'
import { anthropicCallers, checkCallers, openaiCallers, type ToolCaller } from '../interop/profiles/callers.js'
import type { ToolTypeMap } from '../runtime/lazy/types.js'
import { approvedInMessages, type Message } from './ai-sdk-approval.js'
import { addSearchTool, rememberDeferred } from './ai-sdk-defer.js'
import { argumentsAccepted, callRegistry, streamRegistry, type FrameworkCall } from './call-registry.js'
import { loadPeer } from './load-peer.js'
import type { AdapterOptions, ToolSource } from './options.js'
import { selectTools, type SelectedTool } from './select-tools.js'

export type { AdapterOptions, CatalogEntryInfo, ToolSource } from './options.js'
export { deferredSteps } from './ai-sdk-defer.js'
export type { ToolCaller } from '../interop/profiles/callers.js'

/** Options of `toAiSdkTools`: every adapter's, plus deferred loading. */
export interface AiSdkOptions<N extends string = string, P extends string = ''> extends AdapterOptions<N, P> {
  /**
   * Deferred loading. On AI SDK 7 every tool but the pinned ones is marked \`deferLoading\` and
   * the set gets the SDK's \`toolSearch()\` as \`tool_search\`; on AI SDK 6 the set gets toolcat's
   * \`tool_search\` (the registry's search), and \`prepareStep: deferredSteps(tools)\` sends each step
   * only it, the pinned tools and the tools found so far.
   * @default false
   */
  readonly defer?: boolean
  /** With \`defer\`, the tools the model sees from the start (registry names). */
  readonly pin?: readonly N[]
  /**
   * Programmatic tool calling: who may call the tools, the model directly and/or code it writes in
   * the provider's sandbox. Sets each tool's \`providerOptions.anthropic.allowedCallers\` (\`direct\`,
   * \`code_execution_20260120\`: \`@ai-sdk/anthropic\` 4) and \`providerOptions.openai.allowedCallers\`
   * (\`direct\`, \`programmatic\`: \`@ai-sdk/openai\` 4), which those providers send as \`allowed_callers\`.
   * Add the provider's code tool to the set yourself (\`anthropic.tools.codeExecution_20260120()\`,
   * \`openai.tools.programmaticToolCalling()\`).
   * @default the provider's default: direct calls only
   */
  readonly callers?: readonly ToolCaller[]
}

const ai = await loadPeer(() => import('ai'), 'ai-sdk', 'ai')
// The peer range also accepts ai 4 and 5, which Mastra 0.24 and its providers bring into an app,
// so that toolcat installs beside them; this adapter needs tool approval, which came with ai 6.
if (!('InvalidToolApprovalError' in ai)) throw new Error('toolcat/ai-sdk needs ai 6 or 7 (tool approval); this app has an older ai: npm install ai@7')

/** The AI SDK tools of the selected registry tools, keyed by prefixed name, typed from the registry's `Tools`. */
export type AiSdkTools<T extends ToolTypeMap, N extends keyof T & string, P extends string> = {
  [K in N as `${P}${K}`]: Tool<T[K]['args'], T[K]['result']>
}

/**
 * The registry's tools as an AI SDK `ToolSet` for `generateText` / `streamText`: `inputSchema`
 * from the catalog schema through the SDK's `jsonSchema()` (read on first use), `outputSchema` where
 * the `catalog` option has one, `needsApproval` for consequential tools, and `execute` calling the
 * registry, which imports the tool's module on its first call and validates before entry. A
 * failure is thrown, which the SDK reports to the model as the tool's error; a streaming tool
 * yields the chunks so far as preliminary results, then all of them.
 */
export function toAiSdkTools<T extends ToolTypeMap = ToolTypeMap, N extends keyof T & string = keyof T & string, P extends string = ''>(
  registry: ToolSource<T>,
  options: AiSdkOptions<N, P> = {},
): AiSdkTools<T, N, P> {
  const tools: Record<string, Tool> = {}
  const providerOptions = options.callers === undefined ? undefined : callerOptions(checkCallers(options.callers, 'toAiSdkTools'))
  const pinned = new Set<string>(options.pin ?? [])
  // AI SDK 7 defers natively; AI SDK 6 gets toolcat's tool_search (see ai-sdk-defer.ts).
  const native = options.defer === true && typeof (ai as { toolSearch?: unknown }).toolSearch === 'function'
  if (options.defer === true && !native) addSearchTool(registry, [...pinned])
  const selection = options.defer === true && !native && options.tools !== undefined ? { ...options, tools: [...options.tools, 'tool_search' as N] } : options
  for (const selected of selectTools(registry, selection)) {
    const deferred = native && !pinned.has(selected.name)
    const execute = selected.stream ? streamingExecute(registry, selected, options) : singleExecute(registry, selected, options)
    tools[selected.exposedName] = ai.tool({
      ...(selected.title !== undefined && { title: selected.title }),
      ...(selected.description !== undefined && { description: selected.description }),
      inputSchema: ai.jsonSchema(() => selected.parameters() as JSONSchema7),
      ...(selected.output !== undefined && { outputSchema: ai.jsonSchema(selected.output as JSONSchema7) }),
      // Asked only for arguments the registry accepts; refused ones go to execute, which fails with the fault.
      ...(selected.consequential && { needsApproval: (input: unknown) => argumentsAccepted(registry, selected, options, input) }),
      ...(deferred && { deferLoading: true }),
      ...(providerOptions !== undefined && { providerOptions }),
      execute,
    } as Tool)
  }
  if (options.defer === true) {
    const prefix = options.prefix ?? ''
    if (native) tools.tool_search = (ai as unknown as { toolSearch(): Tool }).toolSearch()
    rememberDeferred(tools, { search: native ? 'tool_search' : `${prefix}tool_search`, pinned: [...pinned].map((name) => `${prefix}${name}`), prefix, native })
  }
  return tools as AiSdkTools<T, N, P>
}

/** Each provider's \`allowedCallers\` tool option for toolcat's callers (a fresh object per set: the SDK may keep it). */
function callerOptions(callers: readonly ToolCaller[]): Record<string, Record<string, string[]>> {
  return { anthropic: { allowedCallers: anthropicCallers(callers) }, openai: { allowedCallers: openaiCallers(callers) } }
}

/** What this adapter reads of the SDK's execute options (the same in AI SDK 6 and 7; 7 made the type generic). */
interface ToolExecutionOptions {
  readonly toolCallId: string
  readonly messages: readonly Message[]
  readonly abortSignal?: AbortSignal
}

type Execute = (input: unknown, options: ToolExecutionOptions) => unknown

function singleExecute(registry: ToolSource, selected: SelectedTool, options: AdapterOptions<string, string>): Execute {
  return async (input, sdk) => {
    const result = await callRegistry(registry, selected, options, frameworkCall(selected, input, sdk))
    if (!result.success) throw failure(result.error)
    return result.value
  }
}

function streamingExecute(registry: ToolSource, selected: SelectedTool, options: AdapterOptions<string, string>): Execute {
  return async function* (input, sdk) {
    const chunks: unknown[] = []
    for await (const part of streamRegistry(registry, selected, options, frameworkCall(selected, input, sdk))) {
      if (part.type === 'chunk') {
        chunks.push(part.value)
        yield [...chunks]
      } else if (!part.result.success) {
        throw failure(part.result.error)
      } else if (chunks.length === 0) {
        // No chunk was yielded, so this is the only (and final) output.
        yield part.result.value
      }
    }
  }
}

/**
 * A failed call as thrown to the SDK, which hands the model its text: ai 6 reads `error.message`,
 * ai 7 `error.toString()` (which would put `Error: ` first); both read toolcat's message alone.
 */
function failure(message: string): Error {
  const error = new Error(message)
  Object.defineProperty(error, 'toString', { value: () => message })
  return error
}

function frameworkCall(selected: SelectedTool, input: unknown, sdk: ToolExecutionOptions): FrameworkCall {
  return {
    id: sdk.toolCallId,
    args: input,
    ...(sdk.abortSignal !== undefined && { signal: sdk.abortSignal }),
    approved: selected.consequential && approvedInMessages(sdk.messages, sdk.toolCallId),
  }
}
