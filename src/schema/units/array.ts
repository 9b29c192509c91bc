import type { Unit } from '../context.js'

/** `T[]`, `Array<T>` and `readonly T[]`: JSON has one array kind. */
export const arrayUnit: Unit = (type, context) => {
  const element = type.element()
  return element ? { type: 'array', items: context.child(element, '[]') } : { type: 'array' }
}
