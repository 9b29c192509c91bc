import type { Unit } from '../context.js'
import { literalsSchema } from './literal.js'
import { orderedMembers } from './member-order.js'

/** A string, numeric or mixed `enum`: the values of all its members, in declaration order. */
export const enumUnit: Unit = (type) => literalsSchema(orderedMembers(type).map((member) => member.literal() ?? null))
