import { codes } from '../../codes.js'
import type { Unit } from '../context.js'

/** A type the checker leaves open (an uninstantiated type parameter, a deferred conditional type). */
export const unresolvedUnit: Unit = (type, context) => {
  context.problem({
    code: codes.unsupportedType,
    message: `${type.text} cannot be expressed in JSON Schema`,
    hint: 'give the parameter a concrete type',
  })
  return {}
}
