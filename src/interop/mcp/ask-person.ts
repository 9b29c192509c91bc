/** The key of the one input request a confirmation makes (2026-07-28 `inputRequests`/`inputResponses`). */
export const confirmKey = 'confirm'

/** The `elicitation/create` request that asks the person whether a consequential call may run. */
export interface ConfirmationRequest {
  readonly method: 'elicitation/create'
  readonly params: { readonly message: string; readonly requestedSchema: Record<string, unknown> }
}

/**
 * Asks the person, through the client, to confirm one call: the message shows the tool and the
 * arguments exactly as validated (what the handler will receive); the form has one boolean.
 */
export function confirmationRequest(name: string, args: Readonly<Record<string, unknown>>): ConfirmationRequest {
  const message = `The tool ${name} has effects that need your confirmation. It will run with these arguments:\n${JSON.stringify(args, null, 2)}\nRun it?`
  return {
    method: 'elicitation/create',
    params: {
      message,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: `Run ${name}`, description: 'Yes runs the tool once with the arguments shown.', default: false } },
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

/**
 * The opaque `requestState` of a confirmation (SEP-2322): a digest of the tool name and the
 * validated arguments. A retry carrying it confirms exactly that call; changed arguments ask
 * again. Any server process computes the same value: nothing is stored between requests.
 */
export async function confirmationState(name: string, args: Readonly<Record<string, unknown>>): Promise<string> {
  const bytes = new TextEncoder().encode(`${name}\n${canonicalJson(args)}`)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return `toolcat-confirm-v1:${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** JSON with object keys sorted at every level (own keys only, `__proto__` kept as data). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
