import JSON5 from 'json5'

/**
 * The values a JSDoc tag's text may stand for, most specific first: the JSON value it spells, else
 * the JavaScript literal (JSON5: unquoted keys, single quotes, trailing commas, …), then the text
 * itself. `@default 10` is the number 10, or the string "10" where only a string fits.
 */
export function valueCandidates(text: string): unknown[] {
  const parsed = parseLiteral(text)
  return parsed.found && parsed.value !== text ? [parsed.value, text] : [text]
}

/** The JSON value a JSON or JavaScript literal spells, if it spells one. */
export function parseLiteral(text: string): { found: true; value: unknown } | { found: false } {
  const trimmed = text.trim()
  if (trimmed === '') return { found: false }
  try {
    return { found: true, value: JSON.parse(trimmed) }
  } catch {
    // Not JSON; JSON5 reads JavaScript literals.
  }
  try {
    const value: unknown = JSON5.parse(trimmed)
    // JSON5 also reads Infinity, NaN and hexadecimal numbers; only values JSON can carry count.
    return isJson(value) ? { found: true, value } : { found: false }
  } catch {
    return { found: false }
  }
}

function isJson(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(isJson)
  if (value !== null && typeof value === 'object') return Object.values(value).every(isJson)
  return true
}
