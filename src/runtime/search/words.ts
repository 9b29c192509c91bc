/**
 * Words of identifiers and prose, as both the index and a query see them: identifiers split at
 * case changes, underscores, hyphens, dots and slashes (`listRepoPRs`, `list_repo_prs`,
 * `list-repo-prs` all give list, repo, prs), lower-cased, lightly stemmed.
 */

// A run of upper case followed by a capitalised word splits before the word's capital (HTTPServer → HTTP Server),
// but not before a plural's s (PRs, URLsFor); lower case or a digit followed by upper case splits between them (listPRs → list PRs).
const acronymBoundary = /([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g
const caseBoundary = /([a-z0-9])([A-Z])/g
const wordPattern = /[a-z0-9]+/g

/** The raw lower-case words of a text or identifier, split at case changes and non-alphanumerics. */
export function splitWords(text: string): string[] {
  const spaced = text.replace(acronymBoundary, '$1 $2').replace(caseBoundary, '$1 $2').toLowerCase()
  return spaced.match(wordPattern) ?? []
}

/**
 * A light English stemmer: plurals and -ing/-ed/-e endings, nothing that merges words of different
 * meaning (create, creates, created, creating → creat; repositories → repository; branches → branch).
 */
export function stem(word: string): string {
  let w = word
  if (w.length <= 3 || /^[0-9]/.test(w)) return w
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (/(ss|x|z|ch|sh)es$/.test(w) || (w.endsWith('ses') && w.length > 5)) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(ss|us|sis|xis)$/.test(w)) w = w.slice(0, -1)
  if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3))
  else if (w.endsWith('ed') && w.length > 5) w = undouble(w.slice(0, -2))
  if (w.endsWith('e') && w.length > 3 && !w.endsWith('ee')) w = w.slice(0, -1)
  return derivation(w)
}

/**
 * Common derivations back to their verb, where at least four letters remain: invitation → invit,
 * protection → protect, deployment → deploy, validat(e) → valid, reviewer → review, assignee → assign,
 * contributor → contribut. Both sides go through it, so a word and its derivation meet.
 */
function derivation(w: string): string {
  const strip = (suffix: string, keep = 0): string | undefined =>
    w.endsWith(suffix) && w.length - suffix.length >= 4 ? w.slice(0, w.length - suffix.length + keep) : undefined
  return strip('ation') ?? strip('tion', 1) ?? strip('ment') ?? strip('at') ?? (w.length >= 7 ? (strip('er') ?? strip('or') ?? strip('ee')) : undefined) ?? w
}

/** runn → run, gett → get: a doubled final consonant left by -ing or -ed. */
function undouble(w: string): string {
  return /([^aeiouls])\1$/.test(w) ? w.slice(0, -1) : w
}

/** Words that carry no meaning for finding a tool. */
export const stopWords: ReadonlySet<string> = new Set(
  'a an the of for to in on by with and or is are be been this that these those it its from as at into via i you we can could would should do does how what which please want need some any there their them then than when where who will if not no yes just also using use used'.split(' '),
)
