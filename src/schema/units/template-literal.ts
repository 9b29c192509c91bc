import type { Unit } from '../context.js'
import type { TypeKind } from '../view.js'

const holePatterns: Partial<Record<TypeKind, string>> = {
  number: '-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?',
  bigint: '-?\\d+',
}

/** A template literal type (`` `user-${number}` ``): a string anchored to the same shape. */
export const templateLiteralUnit: Unit = (type) => {
  const { texts, holes } = type.templateParts()
  const body = texts.map((text, index) => {
    const hole = holes[index]
    // `${string}` holds any string, line breaks too (`.` matches none).
    return escapeRegExp(text) + (hole === undefined ? '' : (holePatterns[hole] ?? '[\\s\\S]*'))
  })
  return { type: 'string', pattern: `^${body.join('')}$` }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
}
