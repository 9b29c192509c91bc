import type { Readable, Writable } from 'node:stream'
import { errorCodes, errorResponse, isJsonRpcMessage, requestIdOf, type JsonRpcMessage } from './jsonrpc.js'
import { RequestHeadScanner } from './request-head.js'

const { parseError, invalidRequest } = errorCodes
type JSONRPCMessage = JsonRpcMessage

/** How the stdio transport reads and checks messages. */
export interface StdioTransportOptions {
  /** Longest message line accepted, in bytes (the newline excluded). */
  readonly maxRequestBytes: number
  /** Validates a parsed message as JSON-RPC. @default isJsonRpcMessage */
  readonly validate?: (value: unknown) => value is JSONRPCMessage
  /** Writes one diagnostic line (to stderr). */
  readonly log: (line: string) => void
}

/** Why the transport closed: the client ended stdin, stdout broke, or the server closed it. */
export type CloseReason = 'stdin ended' | 'stdout closed' | 'closed by the server'

/**
 * The MCP stdio transport (newline-delimited JSON-RPC on stdin/stdout) that no single message can
 * knock over. A line longer than `maxRequestBytes` is never held in memory: it is skipped as it
 * streams in, only its top-level `id` and `method` read, and answered with an Invalid Request
 * error to that id. A line that is not JSON is answered with a Parse error, one that is not
 * JSON-RPC with Invalid Request, each logged; the transport keeps reading either way. It closes
 * only when stdin ends or stdout breaks (a client gone mid-call), saying which in `closeReason`.
 * (The SDK's own stdio transport closes itself on a line over 10 MB.)
 */
export class StdioServerTransport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  /** Set once the transport is closed. */
  closeReason: CloseReason | undefined

  readonly #input: Readable
  readonly #output: Writable
  readonly #options: StdioTransportOptions
  #pending: Buffer[] = []
  #pendingBytes = 0
  /** Set while skipping an oversized line: its scanner and its size so far. */
  #oversized: { scanner: RequestHeadScanner; bytes: number } | undefined

  constructor(input: Readable, output: Writable, options: StdioTransportOptions) {
    this.#input = input
    this.#output = output
    this.#options = options
  }

  async start(): Promise<void> {
    this.#input.on('data', this.#onData)
    this.#input.on('end', this.#onEnd)
    this.#input.on('error', this.#onInputError)
    this.#output.on('error', this.#onOutputError)
  }

  /** Writes one message (an object, or its JSON text); resolves once flushed. */
  send(message: JSONRPCMessage | string): Promise<void> {
    if (this.closeReason !== undefined) return Promise.resolve()
    // Resolves once flushed (backpressure). A write to a closed pipe reports through 'error'
    // (EPIPE), handled as the client leaving.
    const text = typeof message === 'string' ? message : JSON.stringify(message)
    return new Promise((resolve) => this.#output.write(`${text}\n`, () => resolve()))
  }

  async close(): Promise<void> {
    this.#closeWith('closed by the server')
  }

  readonly #onData = (chunk: Buffer): void => {
    let start = 0
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.#take(chunk.subarray(start, end))
      this.#endLine()
      start = end + 1
    }
    if (start < chunk.length) this.#take(chunk.subarray(start))
  }

  /** Adds bytes to the current line, switching to skipping once the line is over the limit. */
  #take(bytes: Buffer): void {
    if (this.#oversized !== undefined) {
      this.#oversized.scanner.push(bytes)
      this.#oversized.bytes += bytes.length
      return
    }
    if (this.#pendingBytes + bytes.length <= this.#options.maxRequestBytes) {
      this.#pending.push(bytes)
      this.#pendingBytes += bytes.length
      return
    }
    const scanner = new RequestHeadScanner()
    for (const piece of this.#pending) scanner.push(piece)
    scanner.push(bytes)
    this.#oversized = { scanner, bytes: this.#pendingBytes + bytes.length }
    this.#pending = []
    this.#pendingBytes = 0
  }

  #endLine(): void {
    if (this.#oversized !== undefined) {
      const { scanner, bytes } = this.#oversized
      this.#oversized = undefined
      this.#refuseOversized(scanner.head(), bytes)
      return
    }
    const line = Buffer.concat(this.#pending).toString('utf8').replace(/\r$/, '')
    this.#pending = []
    this.#pendingBytes = 0
    if (line.trim() !== '') this.#deliver(line)
  }

  #refuseOversized(head: { id?: string | number; method?: string }, bytes: number): void {
    const what = head.method === undefined ? 'message' : `${head.method} ${head.id === undefined ? 'notification' : 'request'}`
    const message = `${what} of ${bytes} bytes is larger than the server accepts (${this.#options.maxRequestBytes} bytes, --max-request-bytes)`
    this.#options.log(`toolcat: refused: ${message}${head.id === undefined ? '' : ` (id ${JSON.stringify(head.id)})`}`)
    if (head.id !== undefined) this.#answerError(head.id, invalidRequest, message)
  }

  #deliver(line: string): void {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.#options.log(`toolcat: a message that is not JSON was answered with a parse error: ${reason}`)
      this.#answerError(undefined, parseError, `Parse error: ${reason}`)
      return
    }
    if (!(this.#options.validate ?? isJsonRpcMessage)(value)) {
      const id = requestIdOf(value)
      this.#options.log(`toolcat: a message that is not JSON-RPC was answered with Invalid Request${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}`)
      this.#answerError(id, invalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message')
      return
    }
    try {
      this.onmessage?.(value)
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)))
    }
  }

  /** An error response; without a known id, `id` is left out (MCP's JSONRPCErrorResponse allows it). */
  #answerError(id: string | number | undefined, code: number, message: string): void {
    void this.send(errorResponse(id, code, message))
  }

  readonly #onEnd = (): void => this.#closeWith('stdin ended')

  readonly #onInputError = (error: Error): void => {
    this.#options.log(`toolcat: stdin failed: ${error.message}`)
    this.#closeWith('stdin ended')
  }

  readonly #onOutputError = (error: NodeJS.ErrnoException): void => {
    if (this.closeReason === undefined) this.#options.log(`toolcat: stdout failed (${error.code ?? error.message}): the client is gone`)
    this.#closeWith('stdout closed')
  }

  #closeWith(reason: CloseReason): void {
    if (this.closeReason !== undefined) return
    this.closeReason = reason
    this.#input.off('data', this.#onData)
    this.#input.off('end', this.#onEnd)
    this.#input.pause()
    this.#pending = []
    this.#oversized = undefined
    this.onclose?.()
  }
}
