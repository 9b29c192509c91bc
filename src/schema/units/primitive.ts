import type { Unit } from '../context.js'

/** `string`, `number`, `boolean` and `null` map to the JSON type of the same name. */
export const primitiveUnit: Unit = (type) => ({ type: type.kind })
