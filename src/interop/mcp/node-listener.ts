import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Adapts a Web-standard handler to `node:http`: `http.createServer(createNodeListener(handler))`.
 * The request body streams in (the handler bounds it), the handler's signal aborts when the client
 * goes away before the answer, and the answer is written with its status and headers. Only types
 * come from `node:http`: the module loads in any runtime.
 */
export function createNodeListener(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
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
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      ...(body === null ? {} : { body, duplex: 'half' }),
    } as RequestInit)
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
        res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(error instanceof Error ? error.message : String(error))
      },
    )
  }
}
