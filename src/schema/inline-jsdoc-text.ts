import { midLineTags } from './mid-line-tags.js'
import type { Docs } from './view.js'

/** A comment range as TypeScript's scanners report them. */
export interface CommentSpan {
  readonly pos: number
  readonly end: number
  readonly kind: number
}

/**
 * The same, from a module's text and the full start of the declaration, with the backend's own
 * scanner (`getTrailingCommentRanges` of TypeScript 6 or 7), so every backend reads the same comment.
 */
export function inlineJsDocAt(text: string, pos: number, trailingCommentRanges: (text: string, pos: number) => readonly CommentSpan[] | undefined): Docs<never> | undefined {
  // A comment on the line of the previous token counts, for the scanner, as that token's trailing comment.
  const ranges = trailingCommentRanges(text, pos) ?? []
  const last = ranges.at(-1)
  if (last === undefined) return undefined
  const comment = text.slice(last.pos, last.end)
  if (!comment.startsWith('/**') || comment.startsWith('/**/')) return undefined
  const midLine = midLineTags(comment)
  return { ...parseJsDoc(comment.slice(3, -2)), ...(midLine.length > 0 && { midLine }) }
}

/** Splits a JSDoc body (the text between `/**` and `*\/`) into its free text and `@tag text` pairs. */
export function parseJsDoc(body: string): Docs<never> {
  const lines = body.split('\n').map((line) => line.replace(/^\s*\*?\s?/, ''))
  const [description = '', ...tagTexts] = lines.join('\n').split(/(?:^|\s)@(?=[a-zA-Z])/)
  const tags = tagTexts.map((tagText) => {
    const [, name = '', rest = ''] = /^(\w+)\s*([\s\S]*)$/.exec(tagText) ?? []
    return { name, text: rest.trim() }
  })
  const free = description.trim()
  return free ? { description: free, tags } : { tags }
}
