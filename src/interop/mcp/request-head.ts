/** The JSON-RPC fields of a message too large to parse: its `id` and `method`, when they were found. */
export interface RequestHead {
  readonly id?: string | number
  readonly method?: string
}

const quote = 0x22
const backslash = 0x5c
/** Longest key or scalar value kept while scanning: ids and method names are short. */
const maxCapture = 256

/**
 * Reads the top-level `id` and `method` of a JSON object streamed in chunks, without keeping the
 * message: a request over the size limit still gets an answer to its own id. Keys and scalar
 * values at depth 1 are captured (up to 256 bytes), everything deeper is only counted through.
 * Works on bytes: quotes and backslashes are ASCII, so multi-byte UTF-8 passes through unharmed.
 */
export class RequestHeadScanner {
  #depth = 0
  #inString = false
  #escaped = false
  /** What the next depth-1 token is: a key, or the value of `#key`. */
  #expect: 'key' | 'value' | 'none' = 'none'
  #key: string | undefined
  #capture: number[] | undefined
  #fields: { id?: string | number; method?: string } = {}

  /** Feeds the next bytes of the message. */
  push(bytes: Uint8Array): void {
    for (const byte of bytes) this.#step(byte)
  }

  /** The fields found so far (call at the end of the line). */
  head(): RequestHead {
    this.#endScalar()
    return this.#fields
  }

  #step(byte: number): void {
    if (this.#inString) {
      this.#keep(byte)
      if (this.#escaped) this.#escaped = false
      else if (byte === backslash) this.#escaped = true
      else if (byte === quote) {
        this.#inString = false
        if (this.#capture !== undefined && this.#depth === 1) this.#endString()
      }
      return
    }
    if (byte === quote) {
      this.#inString = true
      if (this.#depth === 1 && this.#expect !== 'none') this.#capture = [byte]
      return
    }
    if (byte === 0x7b || byte === 0x5b) {
      // { or [: a nested value at depth 1 is neither an id nor a method.
      if (this.#depth === 1) this.#expect = 'none'
      this.#depth++
      if (this.#depth === 1 && byte === 0x7b) this.#expect = 'key'
      return
    }
    if (byte === 0x7d || byte === 0x5d) {
      this.#endScalar()
      this.#depth--
      return
    }
    if (this.#depth !== 1) return
    if (byte === 0x3a) {
      this.#expect = 'value'
      return
    }
    if (byte === 0x2c) {
      this.#endScalar()
      this.#expect = 'key'
      return
    }
    // A number (or true/false/null) value at depth 1.
    if (this.#expect === 'value' && byte > 0x20) {
      this.#capture ??= []
      this.#keep(byte)
    }
  }

  #keep(byte: number): void {
    if (this.#capture !== undefined && this.#capture.length < maxCapture) this.#capture.push(byte)
  }

  #endString(): void {
    const text = this.#text()
    if (this.#expect === 'key') {
      this.#key = typeof text === 'string' ? text : undefined
      this.#expect = 'none'
    } else if (this.#expect === 'value') {
      this.#record(text)
      this.#expect = 'none'
    }
  }

  #endScalar(): void {
    if (this.#capture === undefined || this.#inString) return
    this.#record(this.#text())
    this.#expect = 'none'
  }

  #text(): unknown {
    const raw = Buffer.from(this.#capture ?? []).toString('utf8')
    this.#capture = undefined
    try {
      return JSON.parse(raw)
    } catch {
      return undefined
    }
  }

  #record(value: unknown): void {
    if (this.#key === 'id' && (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) this.#fields.id = value
    if (this.#key === 'method' && typeof value === 'string') this.#fields.method = value
    this.#key = undefined
  }
}
