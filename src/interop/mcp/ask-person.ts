import { argumentsForPerson, escapeForPerson } from '../../runtime/person-text.js'

/** The key of the one input request a confirmation makes (2026-07-28 `inputRequests`/`inputResponses`). */
export const confirmKey = 'confirm'

/** The `elicitation/create` request that asks the person whether a consequential call may run. */
export interface ConfirmationRequest {
  readonly method: 'elicitation/create'
  readonly params: { readonly message: string; readonly requestedSchema: Record<string, unknown> }
}

/**
 * Asks the person, through the client, to confirm one call: the message shows the tool and the
 * arguments exactly as validated (what the handler will receive), every control, separator and
 * bidirectional character escaped (a model chose them: they must not redraw the question); the
 * form has one boolean.
 */
export function confirmationRequest(name: string, args: Readonly<Record<string, unknown>>): ConfirmationRequest {
  const shown = escapeForPerson(name)
  const message = `The tool ${shown} has effects that need your confirmation. It will run with these arguments:\n${argumentsForPerson(args)}\nRun it?`
  return {
    method: 'elicitation/create',
    params: {
      message,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: `Run ${shown}`, description: 'Yes runs the tool once with the arguments shown.', default: false } },
        required: ['confirm'],
      },
    },
  }
}

/** Only an accepted form whose `confirm` is exactly true is a yes; decline, cancel, anything else is no. */
export function isExplicitYes(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false
  const { action, content } = answer as { action?: unknown; content?: unknown }
  return action === 'accept' && typeof content === 'object' && content !== null && (content as { confirm?: unknown }).confirm === true
}
