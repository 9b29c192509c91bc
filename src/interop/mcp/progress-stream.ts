import type { CallContext, ToolCall, ToolResult } from '../../runtime/types.js'
import type { ToolStreamPart } from '../../runtime/manager-types.js'
import type { JsonRpcMessage } from './jsonrpc.js'

/** The `_meta` key of a progress notification that carries a streamed chunk as it was yielded. */
export const chunkMetaKey = 'toolcat/chunk'

/** A progress token: what the client put in its request's `_meta.progressToken`. */
export type ProgressToken = string | number

/** Sends one notification to the client of the request being answered; resolves once it is written (backpressure). */
export type Notify = (message: JsonRpcMessage) => Promise<void> | void

/** The registry a streamed call needs: `execute`, and `stream` when it can yield chunks as they come. */
export interface StreamingRegistry {
  execute(call: ToolCall, context?: CallContext): Promise<ToolResult>
  stream?(call: ToolCall, context?: CallContext): AsyncIterable<ToolStreamPart>
}

/** The request's progress token, when it names one (a string or an integer). */
export function progressTokenOf(params: Record<string, unknown> | undefined): ProgressToken | undefined {
  const meta = params?._meta
  const token = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>).progressToken : undefined
  return typeof token === 'string' || (typeof token === 'number' && Number.isInteger(token)) ? token : undefined
}

/**
 * Runs a call. When the client asked for progress (a token) and the transport can notify, each
 * chunk of a streaming tool goes out as it comes, as `notifications/progress` whose `progress`
 * counts the chunks, whose `message` is the chunk (a string as it is, anything else as JSON) and
 * whose `_meta["toolcat/chunk"]` is the chunk itself; the result is the same as without (the
 * chunks collected). The call's signal stops the stream: its iterator's `return()` runs.
 */
export async function executeWithProgress(registry: StreamingRegistry, call: ToolCall, context: CallContext, token: ProgressToken | undefined, notify: Notify | undefined): Promise<ToolResult> {
  if (token === undefined || notify === undefined || registry.stream === undefined) return registry.execute(call, context)
  let progress = 0
  for await (const part of registry.stream(call, context)) {
    if (part.type === 'result') return part.result
    if (context.signal?.aborted === true) continue
    progress += 1
    const message = typeof part.value === 'string' ? part.value : (JSON.stringify(part.value) ?? String(part.value))
    // Awaited: a generator faster than the client's connection waits for it instead of filling memory.
    await notify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress, message, _meta: { [chunkMetaKey]: part.value } } })
  }
  throw new Error(`the run of ${call.name} ended without a result`)
}
