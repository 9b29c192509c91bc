import { codes } from '../../codes.js'
import type { Unit } from '../context.js'

/**
 * A tuple: positional `items` (a labelled element titled with its label), `minItems` counting the
 * required elements, and either a trailing rest element as `additionalItems` or a closed length.
 */
export const tupleUnit: Unit = (type, context) => {
  const elements = type.tupleElements()
  const restIndex = elements.findIndex((element) => element.rest)
  if (restIndex !== -1 && restIndex !== elements.length - 1) {
    context.problem({ code: codes.unsupportedType, message: `a rest element must be last to be expressed in JSON Schema: ${type.text}` })
    return { type: 'array' }
  }
  // A required element that can hold no value (`[never]`, what a deep `Exclude` leaves of a tuple) leaves no tuple at all.
  if (elements.some((element) => !element.optional && !element.rest && element.type.kind === 'never')) return { not: {} }
  const fixed = restIndex === -1 ? elements : elements.slice(0, restIndex)
  const rest = restIndex === -1 ? undefined : elements[restIndex]
  // Draft-07 wants at least one schema in an `items` list: `[]` holds no item, `[...T[]]` is `T[]`.
  if (fixed.length === 0) return rest ? { type: 'array', items: context.child(rest.type, '[0]') } : { type: 'array', maxItems: 0 }
  const schema = {
    type: 'array',
    // A label says what a position holds (`[lat: number, lng: number]`): each item's title.
    items: fixed.map((element, index) => {
      const item = context.child(element.type, `[${index}]`)
      return element.label === undefined || item.annotations?.['title'] !== undefined ? item : item.annotate({ title: element.label })
    }),
    minItems: fixed.filter((element) => !element.optional).length,
  }
  if (rest) return { ...schema, additionalItems: context.child(rest.type, `[${fixed.length}]`) }
  return { ...schema, maxItems: fixed.length, additionalItems: false }
}
