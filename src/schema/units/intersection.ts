import type { Unit } from '../context.js'
import { objectUnit } from './object.js'
import { combine } from './union.js'

const primitiveKinds = new Set(['string', 'number', 'boolean', 'literal', 'enum', 'templateLiteral'])
const objectKinds = new Set(['object', 'class', 'anyObject'])

/**
 * An intersection. With a primitive member it is a branded primitive (`string & { __brand: 'Id' }`):
 * the object part exists only at compile time, so the value is the primitive. Intersections of
 * object types are one object, since the checker already merges their properties; what it allows
 * beyond them is any value one of the members' index signatures allows. Anything else needs every
 * member to hold (`allOf`).
 */
export const intersectionUnit: Unit = (type, context) => {
  const members = type.members()
  const primitive = members.find((member) => primitiveKinds.has(member.kind))
  if (primitive) return context.child(primitive)
  if (members.every((member) => objectKinds.has(member.kind))) {
    const indexTypes = members.flatMap((member) => member.indexType() ?? [])
    const additional = indexTypes.length === 0 ? false : combine(indexTypes.map((index) => context.child(index, '[string]')), context)
    return objectUnit(type, context, { additional })
  }
  return { allOf: members.map((member) => context.child(member)) }
}
