/** One page of a paginated MCP list: the items and, when more follow, the cursor of the next page. */
export interface Page<T> {
  readonly items: readonly T[]
  readonly nextCursor?: string
}

/** A cursor that does not decode to an index of the list; the server answers it with InvalidParams. */
export class InvalidCursorError extends Error {}

/**
 * Slices `items` into pages of `size`. The cursor is opaque to clients (MCP says so): the base64url
 * of the next page's start index, so a client can only hand back what the server gave it.
 */
export function pageOf<T>(items: readonly T[], size: number, cursor: string | undefined): Page<T> {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, items.length)
  const end = start + size
  return end < items.length ? { items: items.slice(start, end), nextCursor: encodeCursor(end) } : { items: items.slice(start) }
}

function encodeCursor(index: number): string {
  return btoa(String(index)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

function decodeCursor(cursor: string, length: number): number {
  let text = ''
  try {
    // base64url without padding, decoded with what every runtime has (no Buffer on Workers).
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    text = ''
  }
  const index = /^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : Number.NaN
  if (!(index >= 0 && index < length)) throw new InvalidCursorError(`invalid cursor: ${JSON.stringify(cursor)}`)
  return index
}
