import { CallFailure, throwIfAborted, untilAborted } from './abort.js'
import type { ToolCall, ToolContext } from './types.js'

/**
 * Waits for the caller's approval of a `consequential` tool (T9). Only an answer of exactly `true`
 * approves; a missing hook, any other answer, a throw or a rejection refuses. There is no timeout:
 * a hook that never answers holds the call until the signal aborts, which fails it with the abort.
 */
export async function awaitConfirmation(call: ToolCall, name: string, context: ToolContext): Promise<void> {
  const confirm = context.confirm
  if (confirm === undefined) throw new CallFailure(`confirmation required: ${name}`)
  let answer: unknown
  try {
    answer = await untilAborted(Promise.resolve().then(() => confirm(call)), context.signal)
  } catch (error) {
    if (error instanceof CallFailure) throw error
    answer = false
  }
  if (answer !== true) throw new CallFailure(`confirmation denied: ${name}`)
  // The signal may have aborted in the microtask between the answer and handler entry.
  throwIfAborted(context.signal)
}
