import type { ToolStreamPart } from '../runtime/manager-types.js'
import type { ToolCall, ToolContext, ToolResult } from '../runtime/types.js'
import type { AdapterOptions, ToolSource } from './options.js'
import type { SelectedTool } from './select-tools.js'

/** What an adapter knows of one call from the framework that made it. */
export interface FrameworkCall {
  /** The framework's tool-call id, reused as the registry call's id so results correlate. */
  readonly id?: string
  readonly args: unknown
  /** The framework's abort signal for this call, if it passes one. */
  readonly signal?: AbortSignal
  /** The framework's own approval mechanism approved this very call. */
  readonly approved?: boolean
}

let calls = 0

/** Runs one framework call through the registry: validation, confirmation and isolation stay the registry's (T3, T7, T9). */
export function callRegistry(registry: ToolSource, tool: SelectedTool, options: AdapterOptions<string, string>, call: FrameworkCall): Promise<ToolResult> {
  return registry.execute(registryCall(tool, call), callContext(options, call))
}

/** Like `callRegistry`, yielding each chunk of a streaming handler before the result (T6). */
export function streamRegistry(registry: ToolSource, tool: SelectedTool, options: AdapterOptions<string, string>, call: FrameworkCall): AsyncIterable<ToolStreamPart> {
  return registry.stream(registryCall(tool, call), callContext(options, call))
}

/**
 * Whether the registry accepts these arguments for the tool, checked by its `prepare` (validation
 * and normalisation, never the handler). A framework asks its person to approve only a call that
 * can run: a refund sent with `ammount` is refused as the tool error, not shown for approval. Only a
 * gate in front of the approval: the registry still validates and confirms the call itself.
 */
export async function argumentsAccepted(registry: ToolSource, tool: SelectedTool, options: AdapterOptions<string, string>, args: unknown): Promise<boolean> {
  const target = registry.tool(tool.name)
  if (target?.prepare === undefined) return true
  try {
    await target.prepare(args as ToolCall['arguments'], callContext(options, { args }))
    return true
  } catch {
    return false
  }
}

function registryCall(tool: SelectedTool, call: FrameworkCall): ToolCall {
  return { id: call.id ?? `adapter-call-${++calls}`, name: tool.name, arguments: call.args as ToolCall['arguments'] }
}

/**
 * The execution context of one call. A call the framework approved is confirmed by that approval;
 * any other consequential call is asked of the adapter's confirm hook, and without one it fails.
 */
function callContext(options: AdapterOptions<string, string>, call: FrameworkCall): ToolContext {
  const own = typeof options.signal === 'function' ? options.signal() : options.signal
  const confirm = call.approved === true ? approvedByFramework : options.confirm
  return {
    signal: eitherSignal(own, call.signal),
    ...(options.caller !== undefined && { caller: options.caller }),
    ...(confirm !== undefined && { confirm }),
  }
}

function approvedByFramework(): boolean {
  return true
}

/** A signal that aborts when either does; a fresh, never-aborting one when there is neither. */
function eitherSignal(first: AbortSignal | undefined, second: AbortSignal | undefined): AbortSignal {
  if (first === undefined || second === undefined || first === second) return first ?? second ?? new AbortController().signal
  return AbortSignal.any([first, second])
}
