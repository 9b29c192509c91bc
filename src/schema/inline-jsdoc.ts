import { ts } from 'ts-morph'
import type { Docs } from './view.js'

/**
 * The JSDoc block written on the same line just before a member, as in `{ /** doc *\/ x: number }`.
 * TypeScript attaches a JSDoc comment to a member only when a line break precedes the comment, so
 * the checker reports no documentation for this common inline form; this reads it from the text.
 */
export function inlineJsDoc(declaration: ts.Node): Docs<never> | undefined {
  const text = declaration.getSourceFile().text
  // A comment on the line of the previous token counts, for the scanner, as that token's trailing comment.
  const ranges = ts.getTrailingCommentRanges(text, declaration.pos) ?? []
  const last = ranges.at(-1)
  if (last === undefined || last.kind !== ts.SyntaxKind.MultiLineCommentTrivia) return undefined
  const comment = text.slice(last.pos, last.end)
  if (!comment.startsWith('/**') || comment.startsWith('/**/')) return undefined
  return parseJsDoc(comment.slice(3, -2))
}

/** Splits a JSDoc body into its free text and `@tag text` pairs. */
function parseJsDoc(body: string): Docs<never> {
  const lines = body.split('\n').map((line) => line.replace(/^\s*\*?\s?/, ''))
  const [description = '', ...tagTexts] = lines.join('\n').split(/(?:^|\s)@(?=[a-zA-Z])/)
  const tags = tagTexts.map((tagText) => {
    const [, name = '', rest = ''] = /^(\w+)\s*([\s\S]*)$/.exec(tagText) ?? []
    return { name, text: rest.trim() }
  })
  const free = description.trim()
  return free ? { description: free, tags } : { tags }
}
