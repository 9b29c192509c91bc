// `toolcat/openai-agents`: a registry's tools as OpenAI Agents SDK function tools (`@openai/agents`, an optional peer).
import type { FunctionTool, RunContext } from '@openai/agents'
import { nullsToAbsent } from '../interop/null-as-absent.js'
import { checkCallers, openaiCallers, type ToolCaller } from '../interop/profiles/callers.js'
import type { ToolTypeMap } from '../runtime/lazy/types.js'
import { argumentsAccepted, callRegistry } from './call-registry.js'
import { loadPeer } from './load-peer.js'
import type { AdapterOptions, ToolSource } from './options.js'
import { selectTools, type SelectedTool } from './select-tools.js'
import { strictSchemaOf } from './strict-parameters.js'

export type { AdapterOptions, CatalogEntryInfo, ToolSource } from './options.js'
export type { ToolCaller } from '../interop/profiles/callers.js'

/** Options of `toOpenAIAgentsTools`: every adapter's, plus who may call the tools. */
export interface OpenAIAgentsOptions<N extends string = string, P extends string = ''> extends AdapterOptions<N, P> {
  /**
   * Programmatic tool calling (Responses API): who may call the tools, the model directly and/or
   * code it writes. Sets each function tool's `allowedCallers` (`"direct"`, `"programmatic"`: the
   * SDK's `ToolAllowedCaller`, sent as `allowed_callers`); add `programmaticToolCallingTool()` to
   * the agent's tools for `code`. The SDK refuses a call from a caller the tool does not allow.
   * @default the SDK's default: direct calls only
   */
  readonly callers?: readonly ToolCaller[]
}

const agents = await loadPeer(() => import('@openai/agents'), 'openai-agents', '@openai/agents')

/** One Agents SDK function tool per selected registry tool; `Result` is the tool's declared result type. */
export type OpenAIAgentsTool<T extends ToolTypeMap, N extends keyof T & string> = {
  [K in N]: FunctionTool<unknown, any, T[K]['result']>
}[N]

/** Details the Agents SDK passes to `execute` besides the input and run context. */
interface CallDetails {
  readonly toolCall?: { readonly callId?: string }
  readonly signal?: AbortSignal
}

/**
 * The registry's tools as Agents SDK function tools for `new Agent({ tools })`. A tool is `strict`
 * when its schema allows OpenAI strict mode (toolcat's strict profile; the nulls strict mode sends
 * for left-out optional properties are read as absent before validation); consequential tools set
 * `needsApproval` (for arguments the registry accepts), so the run stops with an interruption until the call is approved. `execute`
 * calls the registry, which imports the tool's module on its first call and validates before
 * entry; a failure is thrown, and the tool's error function hands its message to the model as the tool's output.
 * The SDK turns each `-` of a tool name into `_`: the model sees `delete_file` for `delete-file`.
 */
export function toOpenAIAgentsTools<T extends ToolTypeMap = ToolTypeMap, N extends keyof T & string = keyof T & string, P extends string = ''>(
  registry: ToolSource<T>,
  options: OpenAIAgentsOptions<N, P> = {},
): OpenAIAgentsTool<T, N>[] {
  const allowedCallers = options.callers === undefined ? undefined : openaiCallers(checkCallers(options.callers, 'toOpenAIAgentsTools'))
  return selectTools(registry, options).map((selected) => agentsTool(registry, selected, options, allowedCallers)) as OpenAIAgentsTool<T, N>[]
}

function agentsTool(registry: ToolSource, selected: SelectedTool, options: AdapterOptions<string, string>, allowedCallers: readonly string[] | undefined): FunctionTool<unknown, any, unknown> {
  // The SDK reads the schema when the tool is made, so each selected schema is parsed here.
  const parameters = selected.parameters()
  const strict = strictSchemaOf(parameters)
  const argumentsOf = (input: unknown): unknown => (strict !== undefined && isObject(input) ? nullsToAbsent(parameters, input) : input)
  const execute = async (input: unknown, runContext?: RunContext<unknown>, details?: CallDetails): Promise<unknown> => {
    const id = details?.toolCall?.callId
    // The SDK keys approvals by its own name of the tool (it turns `-` into `_`).
    const approved = selected.consequential && id !== undefined && runContext?.isToolApproved({ toolName: made.name, callId: id }) === true
    const args = argumentsOf(input)
    const result = await callRegistry(registry, selected, options, {
      ...(id !== undefined && { id }),
      args,
      ...(details?.signal !== undefined && { signal: details.signal }),
      approved,
    })
    if (!result.success) throw new Error(result.error)
    return result.value
  }
  const made = agents.tool({
    name: selected.exposedName,
    description: selected.description ?? '',
    parameters: strict ?? parameters,
    strict: strict !== undefined,
    // Approval is asked only of arguments the registry accepts; refused ones go to execute, which fails with the fault.
    ...(selected.consequential && { needsApproval: (_context: unknown, input: unknown) => argumentsAccepted(registry, selected, options, argumentsOf(input)) }),
    // A copy per tool: the SDK keeps the list it is given.
    ...(allowedCallers !== undefined && { allowedCallers: [...allowedCallers] }),
    execute,
    // The SDK's default hands the model a generic sentence in place of the failure (0.20 does);
    // the model gets toolcat's message (path, reason), never a stack.
    errorFunction: (_context: unknown, error: unknown) => (error instanceof Error ? error.message : String(error)),
  } as Parameters<typeof agents.tool>[0]) as FunctionTool<unknown, any, unknown>
  return made
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
