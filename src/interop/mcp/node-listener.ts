import type { IncomingMessage, ServerResponse } from 'node:http'
import { unguardedHandlers } from './http-handler.js'

/** Options of `createNodeListener`. */
export interface NodeListenerOptions {
  /**
   * The address the server listens on, as given to `server.listen` (`'0.0.0.0'`, `'::'`,
   * `'127.0.0.1'`, a host name). For a handler with neither `allowedHosts` nor `allowedOrigins`, a
   * non-loopback one makes `createNodeListener` throw, so the server never starts (as `serve --http`
   * refuses to). Without it the address is only known per request, and checked there.
   */
  readonly host?: string
}

/**
 * Adapts a Web-standard handler to `node:http`: `http.createServer(createNodeListener(handler, { host }))`.
 * The request body streams in (the handler bounds it), the handler's signal aborts when the client
 * goes away before the answer, and the answer is written with its status and headers. Only types
 * come from `node:http`: the module loads in any runtime. No header can throw out of it: a head
 * the Fetch API refuses (a `Host` of `a b`) is a 400. A handler of `createMcpHandler` with neither
 * `allowedHosts` nor `allowedOrigins` is served on a loopback address only: given a non-loopback
 * `host`, this throws one line naming the options to set, before any server starts; on a
 * non-loopback address it was not told of, every request is a 500 with that line, logged once.
 */
export function createNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const unguarded = unguardedHandlers.has(handler)
  if (unguarded && options.host !== undefined && !isLoopbackHost(options.host)) throw new Error(unguardedLine(options.host, undefined))
  let warned = false
  return (req, res) => {
    if (unguarded && !isLoopback(req.socket.localAddress)) {
      const line = unguardedLine(req.socket.localAddress, req.socket.localPort)
      if (!warned) console.error(line)
      warned = true
      const text = Buffer.from(`${line}\n`)
      res.writeHead(500, { 'content-type': 'text/plain', 'content-length': String(text.length) }).end(text)
      req.resume()
      return
    }
    let request: Request
    try {
      request = toRequest(req, res)
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`Bad Request: ${error instanceof Error ? error.message : String(error)}\n`)
      req.resume()
      return
    }
    handler(request).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        if (response.body === null) return void res.end()
        if (!/event-stream/.test(response.headers.get('content-type') ?? '')) return void res.end(Buffer.from(await response.arrayBuffer()))
        // A stream (SSE) is written as it comes: an event may wait for the client's next request.
        const reader = response.body.getReader()
        res.on('close', () => void reader.cancel().catch(() => undefined))
        for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value)
        res.end()
      },
      (error: unknown) => {
        if (res.headersSent) return void res.destroy()
        res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(error instanceof Error ? error.message : String(error))
      },
    )
  }
}

/** The line a non-loopback server without `allowedHosts` or `allowedOrigins` answers and logs. */
function unguardedLine(address: string | undefined, port: number | undefined): string {
  return `toolcat/mcp: refusing to serve on ${address ?? 'a non-loopback address'}${port === undefined ? '' : `:${port}`}, which is not loopback, without allowedHosts or allowedOrigins: set allowedHosts in createMcpHandler to the host names clients use (e.g. ['mcp.example.com']), and allowedOrigins to the browser origins that may call`
}

/** A listen address or host name that only this machine reaches: `localhost`, or a loopback address (bracketed or not). */
function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  return bare.toLowerCase() === 'localhost' || isLoopback(bare)
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/**
 * The Fetch `Request` of a Node request. The URL is built on a fixed origin, never from `Host`
 * (which the handler reads from the headers): a `Host` the URL parser refuses must not throw.
 */
function toRequest(req: IncomingMessage, res: ServerResponse): Request {
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'))
  })
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const body = hasBody
    ? new ReadableStream<Uint8Array>({
        start(stream) {
          req.on('data', (chunk: Buffer) => stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
          req.on('end', () => stream.close())
          req.on('error', (error) => stream.error(error))
        },
        cancel() {
          req.resume()
        },
      })
    : null
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const path = (req.url ?? '/').startsWith('/') ? (req.url ?? '/') : `/${req.url ?? ''}`
  return new Request(`http://localhost${path}`, {
    method: req.method ?? 'GET',
    headers,
    signal: controller.signal,
    ...(body === null ? {} : { body, duplex: 'half' }),
  } as RequestInit)
}
