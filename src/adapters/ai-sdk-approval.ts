/** The parts of AI SDK model messages the approval check reads. */
interface MessagePart {
  readonly type: string
  readonly approvalId?: string
  readonly toolCallId?: string
  readonly approved?: boolean
}
/** The part of a model message this file reads. */
export interface Message {
  readonly role: string
  readonly content: unknown
}

/**
 * Whether the AI SDK approved this tool call: the messages it passes to `execute` hold a
 * `tool-approval-response` with `approved: true` answering a `tool-approval-request` for this
 * call id. Checked inside `execute`, so calling a tool's `execute` directly does not bypass T9.
 */
export function approvedInMessages(messages: readonly Message[] | undefined, toolCallId: string): boolean {
  if (messages === undefined) return false
  const requested = new Set<string>()
  const approved = new Set<string>()
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue
    for (const part of message.content as readonly MessagePart[]) {
      if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId && part.approvalId !== undefined) requested.add(part.approvalId)
      if (part.type === 'tool-approval-response' && part.approved === true && part.approvalId !== undefined) approved.add(part.approvalId)
    }
  }
  for (const id of requested) if (approved.has(id)) return true
  return false
}
