import type { Unit } from '../context.js'
import { objectUnit } from './object.js'

const primitiveKinds = new Set(['string', 'number', 'boolean', 'literal', 'enum', 'templateLiteral'])

/**
 * An intersection. With a primitive member it is a branded primitive (`string & { __brand: 'Id' }`):
 * the object part exists only at compile time, so the value is the primitive. Intersections of
 * object types are one object, since the checker already merges their properties; anything else
 * needs every member to hold (`allOf`).
 */
export const intersectionUnit: Unit = (type, context) => {
  const members = type.members()
  const primitive = members.find((member) => primitiveKinds.has(member.kind))
  if (primitive) return context.child(primitive)
  if (members.every((member) => member.kind === 'object')) return objectUnit(type, context)
  return { allOf: members.map((member) => context.child(member)) }
}
