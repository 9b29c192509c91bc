import { codes } from '../../codes.js'
import type { Unit } from '../context.js'
import type { PropertyView } from '../view.js'
import { objectUnit } from './object.js'

/**
 * A class used as a type: the object of its public instance data (declared and initialised fields,
 * constructor parameter properties, inherited fields). Arguments arrive as plain JSON objects, so a
 * class that needs more (methods, accessors, private or protected members) is one T5 error naming
 * those members; its data fields are still checked.
 */
export const classUnit: Unit = (type, context) => {
  const extra = type.properties().filter(isNotData)
  if (extra.length > 0) {
    const name = type.symbolName() ?? type.text
    context.problem({
      code: codes.nonJsonType,
      message: `class ${name} is more than data: ${extra.map(describe).join(', ')}`,
      hint: 'arguments arrive as plain JSON objects, so `instanceof` and methods never hold for them: declare an interface, or a class with public fields only',
    })
  }
  return objectUnit(type, context, { skip: isNotData, initialisers: true })
}

function isNotData<N>(property: PropertyView<N>): boolean {
  return property.member !== 'data' || property.visibility !== 'public'
}

function describe<N>(property: PropertyView<N>): string {
  if (property.member === 'method') return `method ${property.name}()`
  if (property.member === 'accessor') return `accessor ${property.name}`
  return property.name.startsWith('#') ? `private member ${property.name}` : `${property.visibility} member ${property.name}`
}
