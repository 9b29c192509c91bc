import type { Unit } from '../context.js'
import type { TypeKind } from '../view.js'
import { templateComment } from '../../runtime/template-text.js'

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
  // The type's text rides along for faults, which say `${number}px` rather than the regex behind it.
  const template = texts.map((text, index) => text.replaceAll('`', '\\`').replaceAll('${', '\\${') + (holes[index] === undefined ? '' : `\${${holeType(holes[index])}}`)).join('')
  return { type: 'string', pattern: `^${body.join('')}$`, $comment: templateComment(template) }
}

/** The type a hole's pattern admits, as TypeScript writes it: a hole of any other kind holds any string. */
function holeType(kind: TypeKind | undefined): string {
  return kind === 'number' || kind === 'bigint' ? kind : 'string'
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
}
