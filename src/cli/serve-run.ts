import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { McpCore } from '../interop/mcp/core.js'
import { createMcpHandler, type McpHandlerOptions } from '../interop/mcp/http-handler.js'
import { createNodeListener } from '../interop/mcp/node-listener.js'
import { serverCardSuffix } from '../interop/mcp/server-card.js'
import { connectStdio } from '../interop/mcp/stdio-server.js'
import { StdioServerTransport, type CloseReason } from '../interop/mcp/stdio-transport.js'

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const signalNumbers: Record<(typeof signals)[number], number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }
type Log = (line: string) => void

/**
 * Runs until a signal (128 + its number) or `stopped` resolves; a tool's stray timer or
 * unawaited promise is logged, never fatal; a handler ignoring its abort signal cannot keep the
 * process alive past 500 ms after the stop.
 */
async function runUntilStopped(log: Log, stopped: Promise<number>, stop: () => Promise<void> | void): Promise<number> {
  let onSignal: (signal: (typeof signals)[number]) => void = () => undefined
  const signalled = new Promise<number>((resolve) => {
    onSignal = (signal) => {
      log(`toolcat: received ${signal}, stopping`)
      resolve(128 + signalNumbers[signal])
    }
  })
  for (const signal of signals) process.on(signal, onSignal)
  const onStray = (error: unknown) => log(`toolcat: a tool failed outside its call, still serving: ${error instanceof Error ? error.message : String(error)}`)
  process.on('uncaughtException', onStray)
  process.on('unhandledRejection', onStray)
  // A client that closed stderr too: a log line then has nowhere to go.
  process.stderr.on('error', () => undefined)
  const code = await Promise.race([stopped, signalled])
  for (const signal of signals) process.off(signal, onSignal)
  await stop()
  process.off('uncaughtException', onStray)
  process.off('unhandledRejection', onStray)
  setTimeout(() => process.exit(code), 500).unref()
  return code
}

/** Serves the core on stdin/stdout until stdin ends, stdout breaks or a signal comes. */
export async function serveStdio(core: McpCore, options: { readonly maxRequestBytes: number; readonly maxInFlight: number; readonly startLine: string; readonly log: Log }): Promise<number> {
  const { log } = options
  const transport = new StdioServerTransport(process.stdin, process.stdout, { maxRequestBytes: options.maxRequestBytes, log })
  let connection: ReturnType<typeof connectStdio> | undefined
  const stopped = new Promise<number>((resolve) => {
    transport.onclose = () => {
      log(`toolcat: ${closeLine(transport.closeReason)}`)
      resolve(0)
    }
  })
  connection = connectStdio(core, transport, { maxInFlight: options.maxInFlight, log })
  await transport.start()
  log(options.startLine)
  return runUntilStopped(log, stopped, async () => {
    transport.onclose = undefined
    // Closing aborts the calls still running; their results are dropped.
    connection?.close('the server is stopping')
    await transport.close()
  })
}

/** Serves the handler on `http://host:port/mcp` (and its Server Card at `/mcp/server-card`) until a signal comes. */
export async function serveHttp(handlerOptions: (port: number) => McpHandlerOptions, options: { readonly host: string; readonly port: number; readonly startLine: (url: string) => string; readonly log: Log }): Promise<number> {
  // The handler's options depend on the port (the Host values it accepts), known once listening.
  let listener: ReturnType<typeof createNodeListener> | undefined
  const server = createServer((req, res) => {
    const route = (req.url ?? '').split('?')[0]
    if ((route !== '/mcp' && route !== `/mcp${serverCardSuffix}`) || listener === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the MCP endpoint is /mcp\n')
      return
    }
    listener(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  }).catch((error: NodeJS.ErrnoException) => {
    throw Object.assign(new Error(`cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`), { listen: true })
  })
  const { port } = server.address() as AddressInfo
  listener = createNodeListener(createMcpHandler(handlerOptions(port)))
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  options.log(options.startLine(`http://${host}:${port}/mcp`))
  return runUntilStopped(options.log, new Promise<number>(() => undefined), () => {
    server.closeAllConnections()
    server.close()
  })
}

function closeLine(reason: CloseReason | undefined): string {
  if (reason === 'stdin ended') return 'stdin ended (the client disconnected), stopping'
  if (reason === 'stdout closed') return 'stdout closed (the client is gone), stopping'
  return 'connection closed, stopping'
}

/** The `Host` values of a loopback server on `port`: anything else is a rebound DNS name. */
export function loopbackHosts(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].flatMap((name) => [name, `${name}:${port}`])
}
