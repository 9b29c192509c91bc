/**
 * JSON for an inline `<script type="application/json">` block. `<`, `>` and `&` only ever occur
 * inside JSON strings, where `\u003c`-style escapes mean the same characters: so no catalog string
 * (`</script>`, `<!--`, `<script>`) can end the block or open a comment, and the parsed value is
 * unchanged. U+2028 and U+2029 are escaped as well, for readers that take the block as JavaScript.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Text escaped for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/**
 * Checks that code can sit in an inline `<script>` or `<style>` element: a `</script`, `</style`
 * or `<!--` inside it would end the element early or change how it is parsed.
 */
export function assertInlineable(code: string, what: string): string {
  const found = /<\/script|<\/style|<!--/i.exec(code)
  if (found) throw new Error(`toolcat: the ${what} contains ${JSON.stringify(found[0])} and cannot be inlined in the catalog page`)
  return code
}
