import { CallFailure, throwIfAborted, untilAborted } from './abort.js'
import { isAsyncIterable, pullChunks } from './chunks.js'
import { awaitConfirmation } from './confirm.js'
import { checkArgumentLimits } from './limits.js'
import type { ToolManagerOptions, ToolStreamPart } from './manager-types.js'
import { messageOf } from './thrown.js'
import type { PreparedCall, ToolCall, ToolContext, ToolInterface, ToolResult } from './types.js'

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
 * The order at the boundary: the envelope (the tool, the signal, argument limits), then the
 * arguments (validated and normalised by the tool's `prepare`), then confirmation, asked with the
 * normalised arguments, then the handler, which receives them. Nobody is asked to approve a call
 * that would be refused anyway. For a tool whose preparation is synchronous, everything up to
 * handler entry runs synchronously on the first `next()`, so a batch dispatches in one pass and a
 * synchronous abort by one handler keeps later handlers from being entered.
 */
export async function* runCall(lookup: ToolLookup, call: ToolCall, context: ToolContext, policy: RunPolicy = {}): AsyncGenerator<ToolStreamPart, void> {
  const { id, name } = call
  const misuse = misusedCall(call)
  const result = (outcome: { success: true; value: unknown } | { success: false; error: string }): ToolStreamPart => ({
    type: 'result',
    result: { id, name, ...outcome } as ToolResult,
  })
  try {
    if (misuse !== undefined) throw new CallFailure(misuse)
    const tool = lookup(name as string)
    if (tool === undefined) throw new CallFailure(`tool not found: ${String(name)}`)
    throwIfAborted(context.signal)
    checkArgumentLimits(call.arguments, policy.limits)
    const pending = tool.prepare?.(call.arguments, context)
    const prepared = isPromiseLike(pending) ? await untilAborted(Promise.resolve(pending), context.signal) : pending
    if (tool.annotations?.consequential === true) {
      await awaitConfirmation(prepared === undefined ? call : { id, name, arguments: prepared.arguments }, name, context)
    } else if (prepared !== pending) throwIfAborted(context.signal)
    const running = Promise.resolve(prepared === undefined ? tool.execute(call.arguments, context) : prepared.run(context))
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

/**
 * What is wrong with a call plain JavaScript passed where a `ToolCall` belongs, in words that say
 * how to call: `registry.stream('export_report', args)` would otherwise fail as `tool not found: undefined`.
 */
function misusedCall(call: unknown): string | undefined {
  const shape = 'a call object { id, name, arguments }'
  if (typeof call === 'string') return `expected ${shape}, received the string ${JSON.stringify(call)}: write execute({ id: '1', name: ${JSON.stringify(call)}, arguments: {…} }) or stream({ … }) — or call(${JSON.stringify(call)}, arguments) on a generated registry`
  if (typeof call !== 'object') return `expected ${shape}, received ${typeof call}`
  const { name } = call as { name?: unknown }
  if (typeof name !== 'string') return `expected ${shape} whose name is a string, received name ${name === undefined ? 'undefined' : typeof name}`
  return undefined
}

function isPromiseLike(value: PreparedCall | Promise<PreparedCall> | undefined): value is Promise<PreparedCall> {
  return typeof (value as Partial<PromiseLike<unknown>> | undefined)?.then === 'function'
}

/** Drains a run and answers with its result part, ignoring the chunks before it. */
export async function settle(parts: AsyncIterable<ToolStreamPart>): Promise<ToolResult> {
  for await (const part of parts) if (part.type === 'result') return part.result
  throw new Error('a tool run ended without a result')
}
