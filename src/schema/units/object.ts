import { codes } from '../../analyze/codes.js'
import type { UnitContext } from '../context.js'
import { annotationsOf } from '../annotations.js'
import type { Ir } from '../ir.js'
import type { TypeView } from '../view.js'
import { additionalProperties } from './record.js'

/**
 * An object type (interface, type literal, mapped type, merged intersection): properties in
 * declaration order with their JSDoc, `required` for the members that cannot be omitted.
 */
export function objectUnit<N>(type: TypeView<N>, context: UnitContext<N>): Ir<N> {
  const properties: [string, Ir<N>][] = []
  const required: string[] = []
  for (const property of type.properties()) {
    const { name, node } = property
    const schema = context.child(property.type, name, node)
    const keywords = annotationsOf(property.docs, (message) =>
      context.problem({ code: codes.unsupportedType, message, segment: name, ...(node && { node }) }),
    )
    properties.push([name, Object.keys(keywords).length > 0 ? schema.annotate(keywords) : schema])
    if (!property.optional && !admitsUndefined(property.type)) required.push(name)
  }
  const additional = additionalProperties(type, context)
  return {
    type: 'object',
    ...((properties.length > 0 || additional === false) && { properties: Object.fromEntries(properties) }),
    ...(required.length > 0 && { required }),
    additionalProperties: additional,
  }
}

/** JSON cannot carry `undefined`, so a member typed `T | undefined` is passed by leaving it out. */
function admitsUndefined<N>(type: TypeView<N>): boolean {
  if (type.kind === 'undefined' || type.kind === 'void') return true
  return type.kind === 'union' && type.members().some((member) => member.kind === 'undefined')
}
