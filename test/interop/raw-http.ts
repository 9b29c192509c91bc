import { connect } from 'node:net'

/** What a raw exchange got: the status line's code (undefined when nothing came back) and the whole text read. */
export interface RawAnswer {
  readonly status: number | undefined
  readonly text: string
  readonly ms: number
}

/**
 * Sends one HTTP/1.1 request written byte for byte (header lines as given: duplicated, malformed,
 * non-ASCII — what `fetch` would refuse to send) and reads until the server has answered (a
 * complete status line and head) or `timeoutMs` passes. `Connection: close` ends the exchange.
 */
export function rawRequest(port: number, head: readonly string[], body: Uint8Array | string = '', timeoutMs = 3000): Promise<RawAnswer> {
  const started = performance.now()
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('latin1')
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      resolve({ status: match === null ? undefined : Number(match[1]), text, ms: performance.now() - started })
    }
    const timer = setTimeout(finish, timeoutMs)
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      // A head has been read in full: the request was answered.
      if (Buffer.concat(chunks).includes('\r\n\r\n')) setTimeout(finish, 20)
    })
    socket.on('error', finish)
    socket.on('close', finish)
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body) : Buffer.from(body)]))
  })
}
