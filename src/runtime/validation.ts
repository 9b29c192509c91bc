import type { ErrorObject } from 'ajv'
import { faultOf, formatFault } from './faults.js'
import { isPlainRecord } from './is-tool-call.js'
import { ToolError } from './tool-error.js'

/** A compiled argument validator: the shape shared by an ajv `ValidateFunction` and ajv standalone code. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: readonly ErrorObject[] | null }

/**
 * Validates a deep copy of `args` and returns that copy, normalised by the validator (coerced
 * values, undeclared keys of closed objects dropped, defaults filled); the caller's object is never
 * touched. Refused arguments throw `ToolError('ARGUMENTS')` with every fault in `context.faults`
 * and the first one as the message.
 */
export function parseArguments(validate: CompiledValidator, args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy = copyData(args, new Map())
  if (!validate(copy)) {
    const faults = (validate.errors ?? []).map((error) => faultOf(error, copy))
    const message = faults[0] === undefined ? 'Arguments did not parse' : formatFault(faults[0])
    throw new ToolError('ARGUMENTS', message, { faults })
  }
  if (!isPlainRecord(copy)) throw new ToolError('ARGUMENTS', 'Arguments did not parse')
  return copy
}

/**
 * Copies the JSON view of a value: arrays stay arrays, every other object becomes a plain record of
 * its own enumerable properties, cycles preserved. Nothing
 * of the caller's is shared, so the validator's coercion and key removal cannot reach it.
 */
function copyData(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value
  const known = copies.get(value)
  if (known !== undefined) return known
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    copies.set(value, copy)
    for (const item of value) copy.push(copyData(item, copies))
    return copy
  }
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  // Defined, not assigned: `copy['__proto__'] = item` would swap the copy's prototype for the caller's value.
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, key, { value: copyData(item, copies), enumerable: true, writable: true, configurable: true })
  }
  return copy
}
