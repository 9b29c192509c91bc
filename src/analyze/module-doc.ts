import { parseJsDoc } from '../schema/inline-jsdoc-text.js'

/** Tags that make a file's first JSDoc block its own doc comment, whatever follows it. */
const moduleTags = /(?:^|\s)@(?:module|packageDocumentation|file|fileoverview)\b/

/**
 * The description of a module's doc comment: the JSDoc block that opens the file (after a `#!`
 * line), when it says so with `@module` (or `@packageDocumentation`, `@file`, `@fileoverview`) or
 * stands apart from the code, followed by a blank line, an `import` or the end of the file. A
 * block written right above a declaration is that declaration's. Its tags are left out.
 */
export function moduleDocDescription(text: string): string | undefined {
  const opening = /^(?:#![^\n]*\n)?\s*(\/\*\*(?!\/)[\s\S]*?\*\/)/.exec(text)
  if (opening === null) return undefined
  const block = opening[1] as string
  const after = text.slice(opening[0].length)
  const apart = /^[ \t]*(?:\r?\n[ \t]*\r?\n|\r?\n[ \t]*import[\s{*'"]|\s*$)/.test(after)
  if (!apart && !moduleTags.test(block)) return undefined
  const description = parseJsDoc(block.slice(3, -2)).description?.trim()
  return description === '' ? undefined : description
}
