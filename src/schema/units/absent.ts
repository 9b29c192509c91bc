import type { Unit } from '../context.js'

/**
 * `never` and `undefined` admit no JSON value; a property of such a type is optional, so the schema
 * says it must be absent.
 */
export const absentUnit: Unit = () => ({ not: {} })

/**
 * `void`, as a type argument makes it (`Result<void>`): a value sent as JSON for it can only be
 * `null`, and a property of that type may be left out.
 */
export const voidUnit: Unit = () => ({ type: 'null' })
