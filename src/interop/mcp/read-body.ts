import { RequestHeadScanner, type RequestHead } from './request-head.js'

/** A body read up to a limit: its text, or, when it was larger, its size and the head fields found in it. */
export type ReadBody = { readonly text: string } | { readonly oversized: number; readonly head: RequestHead }

/**
 * Reads a request body, never keeping more than `limit` bytes: past the limit the rest is only
 * scanned for the top-level `id` and `method` (to answer the request by its id) and counted.
 */
export async function readBody(request: Request, limit: number): Promise<ReadBody> {
  const reader = request.body?.getReader()
  if (reader === undefined) return { text: '' }
  // Even a body whose declared length is over the limit is read to its end (scanned, never kept):
  // answering before the client has sent it all makes Node 24's server refuse the connection's
  // remaining bytes with a bare 400 that the client then reads instead of the 413.
  const chunks: Uint8Array[] = []
  let size = 0
  let scanner: RequestHeadScanner | undefined
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (scanner !== undefined) {
      scanner.push(value)
      continue
    }
    if (size > limit) {
      scanner = new RequestHeadScanner()
      for (const chunk of chunks) scanner.push(chunk)
      scanner.push(value)
      chunks.length = 0
      continue
    }
    chunks.push(value)
  }
  if (scanner !== undefined) return { oversized: size, head: scanner.head() }
  if (chunks.length === 1) return { text: new TextDecoder().decode(chunks[0]) }
  const whole = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    whole.set(chunk, offset)
    offset += chunk.length
  }
  return { text: new TextDecoder().decode(whole) }
}
