import type { Unit } from '../context.js'
import { literalsSchema } from './literal.js'

/** A string or numeric `enum`: the values of its members. */
export const enumUnit: Unit = (type) => literalsSchema(type.members().map((member) => member.literal() ?? null))
