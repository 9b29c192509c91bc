import type { Unit } from '../context.js'
import { templatePattern, type HoleKind } from './template-pattern.js'

/** A template literal type (`` `user-${number}` ``): a string anchored to the same shape, read as TypeScript reads it. */
export const templateLiteralUnit: Unit = (type) => {
  const { texts, holes } = type.templateParts()
  // Any other placeholder (`${string}`, `${Uppercase<string>}`) holds any text.
  const kinds = holes.map((hole): HoleKind => (hole === 'number' || hole === 'bigint' ? hole : 'string'))
  return { type: 'string', pattern: templatePattern(texts, kinds) }
}
