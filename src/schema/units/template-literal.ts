import type { Unit } from '../context.js'
import { templateComment } from '../../runtime/template-text.js'
import type { TypeKind, TypeView } from '../view.js'
import { templatePattern, type HoleKind } from './template-pattern.js'

/** A template literal type (`` `user-${number}` ``): a string anchored to the same shape, read as TypeScript reads it. */
export const templateLiteralUnit: Unit = (type) => {
  const { texts, holes } = type.templateParts()
  const kinds = holeKinds(holes)
  // The type's text rides along for faults, which say `${number}px` rather than the regex behind it.
  const template = texts.map((text, index) => text.replaceAll('`', '\\`').replaceAll('${', '\\${') + (kinds[index] === undefined ? '' : `\${${kinds[index]}}`)).join('')
  return { type: 'string', pattern: templatePattern(texts, kinds), $comment: templateComment(template) }
}

/** The pattern of the strings a template literal type holds (an index signature's keys: `` `get_${string}` ``). */
export function templateTypePattern<N>(type: TypeView<N>): string {
  const { texts, holes } = type.templateParts()
  return templatePattern(texts, holeKinds(holes))
}

/** Any placeholder but `${number}` and `${bigint}` (`${string}`, `${Uppercase<string>}`) holds any text. */
function holeKinds(holes: readonly TypeKind[]): HoleKind[] {
  return holes.map((hole): HoleKind => (hole === 'number' || hole === 'bigint' ? hole : 'string'))
}
