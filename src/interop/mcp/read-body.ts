import { RequestHeadScanner, type RequestHead } from './request-head.js'

/**
 * A body read up to the limits: its text (holding `held` bytes of the budget until the request
 * is answered), or, when it was larger than one request may be (`oversized`) or than the budget
 * had room for (`busy`), its size and the head fields found in it — nothing of it kept.
 */
export type ReadBody =
  | { readonly text: string; readonly held: number }
  | { readonly oversized: number; readonly head: RequestHead }
  | { readonly busy: number; readonly head: RequestHead }

/** The bytes of request bodies held in memory at once, across every request of one handler. */
export class BodyBudget {
  #held = 0

  constructor(readonly max: number) {}

  /** Takes `bytes` from the budget, or says false (taking nothing) when that would pass its max. */
  take(bytes: number): boolean {
    if (this.#held + bytes > this.max) return false
    this.#held += bytes
    return true
  }

  /** Gives back bytes a request held. */
  give(bytes: number): void {
    this.#held -= bytes
  }

  get held(): number {
    return this.#held
  }
}

/**
 * Reads a request body, keeping only what both limits allow: at most `limit` bytes for this
 * request, and only bytes the budget grants. Each decision is made before the bytes are kept: a
 * declared `Content-Length` over the limit, or more than the budget has room for, keeps nothing
 * from the first byte; a body that streams past either (chunked, or longer than declared) stops
 * being kept at the chunk that crosses it. Past a refusal the rest is only scanned for the
 * top-level `id` and `method` (to answer the request by its id) and counted.
 */
export async function readBody(request: Request, limit: number, budget: BodyBudget): Promise<ReadBody> {
  const reader = request.body?.getReader()
  if (reader === undefined) return { text: '', held: 0 }
  const declared = declaredLength(request.headers.get('content-length'))
  let refused: 'oversized' | 'busy' | undefined
  let held = 0
  if (declared !== undefined) {
    if (declared > limit) refused = 'oversized'
    else if (budget.take(declared)) held = declared
    else refused = 'busy'
  }
  // Even a refused body is read to its end (scanned, never kept): answering before the client has
  // sent it all makes Node 24's server refuse the connection's remaining bytes with a bare 400
  // that the client then reads instead of the 413 or 503.
  const chunks: Uint8Array[] = []
  let size = 0
  let scanner = refused === undefined ? undefined : new RequestHeadScanner()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (scanner !== undefined) {
        scanner.push(value)
        continue
      }
      if (size > limit) refused = 'oversized'
      else if (size > held && budget.take(size - held)) held = size
      else if (size > held) refused = 'busy'
      if (refused !== undefined) {
        scanner = new RequestHeadScanner()
        for (const chunk of chunks) scanner.push(chunk)
        scanner.push(value)
        chunks.length = 0
        continue
      }
      chunks.push(value)
    }
  } catch (error) {
    budget.give(held)
    throw error
  }
  if (scanner !== undefined) {
    budget.give(held)
    return refused === 'busy' ? { busy: size, head: scanner.head() } : { oversized: size, head: scanner.head() }
  }
  return { text: new TextDecoder().decode(joined(chunks, size)), held }
}

/** A `Content-Length` of digits only (anything else is left to the stream to tell). */
function declaredLength(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return undefined
  return Number(value.trim())
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array
  const whole = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    whole.set(chunk, offset)
    offset += chunk.length
  }
  return whole
}
