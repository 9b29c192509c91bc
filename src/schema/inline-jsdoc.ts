import { ts } from 'ts-morph'
import { inlineJsDocAt } from './inline-jsdoc-text.js'
import type { Docs } from './view.js'

/**
 * The JSDoc block written on the same line just before a member, as in `{ /** doc *\/ x: number }`.
 * TypeScript attaches a JSDoc comment to a member only when a line break precedes the comment, so
 * the checker reports no documentation for this common inline form; this reads it from the text.
 */
export function inlineJsDoc(declaration: ts.Node): Docs<never> | undefined {
  return inlineJsDocAt(declaration.getSourceFile().text, declaration.pos, ts.getTrailingCommentRanges)
}
