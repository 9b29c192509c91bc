/**
 * Characters that must never reach a person's eyes raw in a confirmation: C0 and C1 controls and
 * DEL (they move the cursor, clear lines, ring bells), the line and paragraph separators U+2028
 * and U+2029 (a new line where none shows in the JSON), the bidirectional marks, embeddings,
 * overrides and isolates U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069 (they reorder
 * what is read: `"to": "ACC-1"` can be drawn over other text), and the zero-width and
 * byte-order marks U+200B–U+200D and U+FEFF (they hide a difference between two look-alike values).
 */
const hidden = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g

/**
 * A text as it may be shown to a person asked to confirm something: every character of `hidden`
 * replaced by its escape `\u{XXXX}` (a form JSON never writes, so an escape cannot be mistaken for
 * text a JSON string held). Everything else is left as is. `keepNewlines` leaves U+000A for the
 * layout of a multi-line text made by the caller (JSON.stringify's indentation: inside its
 * strings a newline is already written `\n`).
 */
export function escapeForPerson(text: string, options: { readonly keepNewlines?: boolean } = {}): string {
  return text.replace(hidden, (char) => (char === '\n' && options.keepNewlines === true ? char : `\\u{${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}}`))
}

/** A call's arguments as shown for confirmation: indented JSON, every hidden character escaped. */
export function argumentsForPerson(args: unknown): string {
  return escapeForPerson(JSON.stringify(args, null, 2) ?? 'undefined', { keepNewlines: true })
}
