/**
 * Copies the JSON view of a value: arrays stay arrays, every other object becomes a plain record of
 * its own enumerable properties (keys whose value is `undefined` left out, as JSON leaves them),
 * cycles preserved. Nothing of the caller's is shared, so a handler cannot reach the caller's objects.
 */
export function copyJson(value: unknown, copies: Map<object, unknown> = new Map()): unknown {
  if (typeof value !== 'object' || value === null) return value
  const known = copies.get(value)
  if (known !== undefined) return known
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    copies.set(value, copy)
    for (const item of value) copy.push(copyJson(item, copies))
    return copy
  }
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    if (item !== undefined) setKey(copy, key, copyJson(item, copies))
  }
  return copy
}

/** Sets an own, enumerable key; `__proto__` is defined rather than assigned, which would swap the prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/** Whether a value is an object that is not an array: what an object schema's keywords apply to. */
export function isRecordValue(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON text of a number, exactly: sign, digits without leading zeros, optional fraction and exponent. */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/

/**
 * The value a string stands for under honest coercion, given the JSON types a schema allows (never
 * `string` itself): exactly `true` / `false` for a boolean, exactly the JSON text of a finite number
 * for a number, or of an integral one for an integer. Any other string is returned unchanged.
 */
export function coerceString(text: string, types: ReadonlySet<string>): unknown {
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  const numeric = types.has('number')
  if ((numeric || types.has('integer')) && JSON_NUMBER.test(text)) {
    const number = Number(text)
    if (Number.isFinite(number) && (numeric || Number.isInteger(number))) return number
  }
  return text
}
