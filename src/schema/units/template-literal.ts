import type { Unit } from '../context.js'
import { templateComment } from '../../runtime/template-text.js'
import { templatePattern, type HoleKind } from './template-pattern.js'

/** A template literal type (`` `user-${number}` ``): a string anchored to the same shape, read as TypeScript reads it. */
export const templateLiteralUnit: Unit = (type) => {
  const { texts, holes } = type.templateParts()
  // Any other placeholder (`${string}`, `${Uppercase<string>}`) holds any text.
  const kinds = holes.map((hole): HoleKind => (hole === 'number' || hole === 'bigint' ? hole : 'string'))
  // The type's text rides along for faults, which say `${number}px` rather than the regex behind it.
  const template = texts.map((text, index) => text.replaceAll('`', '\\`').replaceAll('${', '\\${') + (kinds[index] === undefined ? '' : `\${${kinds[index]}}`)).join('')
  return { type: 'string', pattern: templatePattern(texts, kinds), $comment: templateComment(template) }
}
