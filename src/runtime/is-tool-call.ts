import type { ToolCall } from './types.js'

/**
 * Determines whether an unknown value is structurally a `ToolCall`: string `id` and `name`, and a
 * plain-record `arguments`. Reads only those three members, once each, and stays total for
 * adversarial input (throwing getters, proxies with throwing traps answer `false`).
 */
export function isToolCall(value: unknown): value is ToolCall {
  try {
    if (typeof value !== 'object' || value === null) return false
    const call = value as Record<string, unknown>
    return typeof call.id === 'string' && typeof call.name === 'string' && isPlainRecord(call.arguments)
  } catch {
    return false
  }
}

/** A non-array object whose prototype is `Object.prototype` or `null`. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
