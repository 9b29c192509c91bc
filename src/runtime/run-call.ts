import { CallFailure, throwIfAborted, untilAborted } from './abort.js'
import { isAsyncIterable, pullChunks } from './chunks.js'
import { awaitConfirmation } from './confirm.js'
import { checkArgumentLimits } from './limits.js'
import type { ToolManagerOptions, ToolStreamPart } from './manager-types.js'
import { messageOf } from './thrown.js'
import type { ToolCall, ToolContext, ToolInterface, ToolResult } from './types.js'

/** Finds the tool a call names. */
export type ToolLookup = (name: string) => ToolInterface | undefined

/** The registry options that shape each run. */
export type RunPolicy = Pick<ToolManagerOptions, 'limits' | 'releaseOnAbort'>

/**
 * Runs one call with per-call isolation, yielding each chunk of a streaming handler and then
 * exactly one result; every failure — unknown tool, abort, refused confirmation, argument fault,
 * handler throw or rejection, a throw mid-stream — becomes that result. Only a call whose `id` or
 * `name` cannot be read rejects, since no correlated result can be built without them.
 *
 * Everything up to handler entry runs synchronously on the first `next()`, so a batch dispatches in
 * one pass and a synchronous abort by one handler keeps later handlers from being entered.
 * Argument limits are checked before confirmation, so nobody is asked to approve a call that
 * would be refused anyway.
 */
export async function* runCall(lookup: ToolLookup, call: ToolCall, context: ToolContext, policy: RunPolicy = {}): AsyncGenerator<ToolStreamPart, void> {
  const { id, name } = call
  const result = (outcome: { success: true; value: unknown } | { success: false; error: string }): ToolStreamPart => ({
    type: 'result',
    result: { id, name, ...outcome } as ToolResult,
  })
  try {
    const tool = lookup(name)
    if (tool === undefined) throw new CallFailure(`tool not found: ${String(name)}`)
    throwIfAborted(context.signal)
    checkArgumentLimits(call.arguments, policy.limits)
    if (tool.annotations?.consequential === true) await awaitConfirmation(call, name, context)
    const running = Promise.resolve(tool.execute(call.arguments, context))
    const value: unknown = await (policy.releaseOnAbort === true ? untilAborted(running, context.signal) : running)
    if (!isAsyncIterable(value)) return yield result({ success: true, value })
    const chunks: unknown[] = []
    for await (const chunk of pullChunks(value, context.signal)) {
      chunks.push(chunk)
      yield { type: 'chunk', value: chunk }
    }
    yield result({ success: true, value: chunks })
  } catch (thrown) {
    yield result({ success: false, error: messageOf(thrown) })
  }
}

/** Drains a run and answers with its result part, ignoring the chunks before it. */
export async function settle(parts: AsyncIterable<ToolStreamPart>): Promise<ToolResult> {
  for await (const part of parts) if (part.type === 'result') return part.result
  throw new Error('a tool run ended without a result')
}
