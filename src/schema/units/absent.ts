import type { Unit } from '../context.js'

/**
 * `never`, `undefined` and `void` admit no JSON value; a property of such a type is optional,
 * so the schema says it must be absent.
 */
export const absentUnit: Unit = () => ({ not: {} })
