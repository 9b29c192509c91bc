/**
 * The names of the tags a JSDoc block writes after other text on the same line
 * (`/** Contact @support for access. *\/`): TypeScript reads every `@word` after white space as
 * a tag, so a word meant as text would leave the description there. One-line blocks put every tag
 * mid-line (`/** Owner login. @minLength 2 *\/`); whether such a tag is text is decided by its
 * name (see `annotationsOf`).
 */
export function midLineTags(comment: string): string[] {
  const names: string[] = []
  for (const line of comment.split('\n')) {
    // The line less the comment's opening, its leading `*` and its closing.
    const text = line.replace(/^\s*\/\*\*/, '').replace(/^\s*\*(?!\/)/, '').replace(/\*\/\s*$/, '')
    for (const match of text.matchAll(/(?<=\s)@([A-Za-z]\w*)/g)) {
      if (text.slice(0, match.index).trim() !== '') names.push(match[1] as string)
    }
  }
  return names
}
