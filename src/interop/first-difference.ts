import { pointer } from './schema/rewrite.js'

/** Where two JSON values first differ: the JSON Pointer of the place, and what each holds there (undefined when absent). */
export interface Difference {
  readonly pointer: string
  readonly left: unknown
  readonly right: unknown
}

/**
 * The first place, in document order, where two JSON values differ: object keys in the left
 * value's order (then the right's new ones), array items by index; two objects with the same
 * entries in another key order differ at the object, whose key lists are the values shown.
 */
export function firstDifference(left: unknown, right: unknown, path: readonly string[] = []): Difference | undefined {
  if (Object.is(left, right)) return undefined
  const here = { pointer: pointer(path), left, right }
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null || Array.isArray(left) !== Array.isArray(right)) return here
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let index = 0; index < Math.max(left.length, right.length); index++) {
      const found = firstDifference(left[index], right[index], [...path, String(index)])
      if (found) return found
    }
    return undefined
  }
  const [a, b] = [left as Record<string, unknown>, right as Record<string, unknown>]
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    // Own keys only: a catalog's `"__proto__"` key is data, and a missing one is absent, not Object.prototype.
    const found = firstDifference(ownValue(a, key), ownValue(b, key), [...path, key])
    if (found) return found
  }
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)]
  return keysA.every((key, index) => keysB[index] === key) ? undefined : { pointer: pointer(path), left: keysA, right: keysB }
}

/** A value as a message shows it: its JSON, shortened past 80 characters, or `(absent)`. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(absent)'
  const text = JSON.stringify(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? Object.getOwnPropertyDescriptor(record, key)?.value : undefined
}
