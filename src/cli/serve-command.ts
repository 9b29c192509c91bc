import path from 'node:path'
import { createMcpCore, type ConfirmPolicy, type McpCoreOptions } from '../interop/mcp/core.js'
import { defaultArgumentLimits } from '../runtime/limits.js'
import type { LazyRegistryOptions } from '../runtime/lazy/types.js'
import { analysisOptions, checkerHelp } from './analysis-options.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'
import { isBuildDir, loadBuild, runnable, type ServedTools } from './serve-build.js'
import { searchServed } from './serve-search.js'
import { isLoopback } from '../interop/mcp/node-listener.js'
import { loopbackHosts, serveHttp, serveStdio } from './serve-run.js'

const defaultPageSize = 100
const defaultMaxRequestBytes = 8 * 1024 * 1024
const defaultMaxInFlight = 1024
const defaultTtlMs = 60_000
/** Room for the JSON-RPC envelope around arguments of the largest accepted size. */
const envelopeBytes = 64 * 1024

/** `toolcat serve --mcp <outDir|toolsDir>`: serves a build (or, in development, sources) over MCP on stdio or Streamable HTTP. */
export const serveCommand: Command = {
  name: 'serve',
  help: `Usage: toolcat serve --mcp <dir> [--http [host:]port] [options]

Serves tools as an MCP server, each tool's module imported at its first tools/call.
<dir> is either
  a build: the folder toolcat build --outDir wrote (catalog.json and registry.js). Nothing is
    analysed or compiled at start: the server lists the catalog and imports registry.js. Use this
    in production.
  a tools folder (development): its sources are analysed at every start (TypeScript and the
    checker) and their registry written into node_modules/.cache/toolcat/serve.
On stdin/stdout by default (stdout carries the protocol only; logs go to stderr), or over
Streamable HTTP with --http, at the endpoint /mcp. Both MCP revisions are spoken, per request:
2025-11-25 (initialize) and 2026-07-28 (stateless: no handshake, server/discover). Only tools
that can run are listed: a declaration-only tool needs a handler from --handlers. No request can
stop the server: one too large, not JSON or not JSON-RPC is answered with an error and logged.
The server stops when stdin ends (stdio) or on SIGINT, SIGTERM or SIGHUP, saying which.

Options:
  --mcp <dir>                 the build or tools folder to serve (required)
  --http [host:]port          serve Streamable HTTP on http://host:port/mcp (host: 127.0.0.1; a
                              loopback server refuses other Host headers); port 0 picks one. Any
                              other host needs --allowed-host or --allowed-origin
  --allowed-host <host>       a Host header accepted, with its port (repeatable; with --http; on a
                              loopback server: besides localhost, 127.0.0.1 and [::1])
  --allowed-origin <origin>   an Origin a browser page may call from (repeatable; with --http); a
                              request with any other Origin is 403
  --confirm <ask|allow|deny>  who confirms a consequential tool: ask (default) asks the person
                              through the client (elicitation, input_required) and refuses when
                              the client cannot ask or says anything but yes; allow approves every
                              call (trusted hosts only); deny refuses every call
  --search                    list only tool_search, the --pin tools and call_tool: a client finds
                              the other tools by query and calls them through call_tool
                              ({ name, arguments }, validated and confirmed like a direct call)
  --pin <a,b>                 with --search, tools listed as they are
  --handlers <module>         an ES module (.ts or .js) exporting handlers by tool name for
                              declaration-only tools, e.g. export async function lookup_order(args)
                              {…}; its export names are read at start-up (compiled with esbuild),
                              the module is imported at the first call of one of them
  --page-size <n>             tools per tools/list page (default: ${defaultPageSize})
  --cache-ttl-ms <n>          the ttlMs cache hint of every 2026-07-28 listing (default: ${defaultTtlMs})
  --max-in-flight <n>         requests answered at once (per connection on stdio); the excess is
                              answered with an error (default: ${defaultMaxInFlight})
  --max-request-bytes <n>     longest JSON-RPC message accepted, in bytes (default: 8 MiB, or
                              --max-argument-bytes plus 64 KiB when that is more)
  --max-argument-bytes <n>    largest arguments of one call, as JSON text (the registry's
                              limits.maxBytes; default: ${defaultArgumentLimits.maxBytes})
  --max-argument-depth <n>    deepest nesting of a call's arguments (the registry's
                              limits.maxDepth; default: ${defaultArgumentLimits.maxDepth})
  --tsconfig <file>           (sources) tsconfig to type-check with (default: <root>/tsconfig.json)
${checkerHelp(30)}
${depsHelp(30)}
  -h, --help                  show this help

Exit status: 0 when stdin ends or stdout closes (the client left), 128 + the signal's number on
SIGINT, SIGTERM or SIGHUP, 1 when the tools cannot be built or served, 2 on bad usage.`,
  options: {
    tsconfig: analysisOptions.tsconfig,
    checker: analysisOptions.checker,
    help: analysisOptions.help,
    ...depsOptions,
    mcp: { type: 'string' },
    http: { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    'allowed-host': { type: 'string', multiple: true },
    handlers: { type: 'string' },
    search: { type: 'boolean' },
    pin: { type: 'string' },
    'page-size': { type: 'string' },
    'cache-ttl-ms': { type: 'string' },
    'max-in-flight': { type: 'string' },
    confirm: { type: 'string' },
    'max-request-bytes': { type: 'string' },
    'max-argument-bytes': { type: 'string' },
    'max-argument-depth': { type: 'string' },
  },
  maxPositionals: 0,
  async run(input) {
    const dir = input.values.mcp
    if (typeof dir !== 'string') throw new UsageError('serve needs --mcp <dir>: a build folder (toolcat build --outDir) or, in development, a tools folder')
    const http = input.values.http === undefined ? undefined : listenAddress(input.values.http)
    const origins = (input.values['allowed-origin'] as string[] | undefined) ?? []
    const hosts = (input.values['allowed-host'] as string[] | undefined) ?? []
    const loopback = http !== undefined && (http.host === 'localhost' || isLoopback(http.host))
    // Refused before anything is loaded: a server any name can reach must say which names it answers.
    if (http !== undefined && !loopback && hosts.length === 0 && origins.length === 0) {
      throw new UsageError(`--http ${input.values.http as string} listens beyond loopback: set --allowed-host <name:port> (the Host clients send, repeatable) and, for browser pages, --allowed-origin <origin>`)
    }
    const maxBytes = positiveInteger(input, 'max-argument-bytes') ?? defaultArgumentLimits.maxBytes
    const maxDepth = positiveInteger(input, 'max-argument-depth') ?? defaultArgumentLimits.maxDepth
    const maxRequestBytes = positiveInteger(input, 'max-request-bytes') ?? Math.max(defaultMaxRequestBytes, maxBytes + envelopeBytes)
    const maxInFlight = positiveInteger(input, 'max-in-flight') ?? defaultMaxInFlight
    const ttlMs = nonNegativeInteger(input, 'cache-ttl-ms') ?? defaultTtlMs
    const handlersModule = typeof input.values.handlers === 'string' ? input.values.handlers : undefined
    const coreOptions = { pageSize: positiveInteger(input, 'page-size') ?? defaultPageSize, confirm: confirmPolicyOf(input), cache: { ttlMs } }
    const log = (line: string) => process.stderr.write(`${line}\n`)
    const registryOptions: LazyRegistryOptions = { limits: { maxBytes, maxDepth }, releaseOnAbort: true }
    const build = isBuildDir(dir)
    const served = build ? await servedBuild(dir, registryOptions, handlersModule, log) : await (await import('./serve-sources.js')).serveSources(input, registryOptions, handlersModule, log)
    if (typeof served === 'number') return served
    const pin = typeof input.values.pin === 'string' ? input.values.pin.split(',').map((name) => name.trim()).filter(Boolean) : []
    if (pin.length > 0 && input.values.search !== true) throw new UsageError('--pin needs --search')
    const listed = input.values.search === true ? searchServed(served, pin) : served
    const mode = build ? `from the build in ${dir}` : `from the sources in ${dir} (development: analysed at every start; serve a toolcat build --outDir folder in production)`
    const unlisted = served.unlisted.length === 0 ? '' : `; not listed (declaration-only, no handler): ${served.unlisted.join(', ')}`
    const options: McpCoreOptions = { ...coreOptions, registry: listed.registry, catalog: listed.catalog, log }
    const count = listed.catalog.tools.length
    if (http === undefined) {
      return serveStdio(createMcpCore(options), { maxRequestBytes, maxInFlight, log, startLine: `toolcat: serving ${count} tools over MCP (stdio)${unlisted}; ${mode}` })
    }
    const allowedHosts = (port: number) => (loopback ? [...loopbackHosts(port), ...hosts] : hosts.length > 0 ? hosts : undefined)
    return serveHttp((port) => ({ ...options, maxRequestBytes, maxInFlight, allowedOrigins: origins, ...(allowedHosts(port) === undefined ? {} : { allowedHosts: allowedHosts(port) }) }), {
      ...http,
      log,
      startLine: (url) => `toolcat: serving ${count} tools over MCP (Streamable HTTP) at ${url}${unlisted}; ${mode}`,
    }).catch((error: Error & { listen?: true }) => {
      if (error.listen) throw new UserError(error.message)
      throw error
    })
  },
}

/** A build folder's registry, with `--handlers` (compiled only when given) for its declaration-only tools. */
async function servedBuild(dir: string, registryOptions: LazyRegistryOptions, handlersModule: string | undefined, log: (line: string) => void): Promise<ServedTools> {
  const build = await loadBuild(dir)
  if (handlersModule === undefined) return runnable(build.catalog, build.createRegistry(registryOptions), new Set())
  // Only --handlers needs a compiler (esbuild): loaded for it alone.
  const [{ hostHandlersFor }, { serveHandlersDir }] = await Promise.all([import('./serve-handlers.js'), import('../interop/mcp/host-handlers.js')])
  const handlers = await hostHandlersFor(build.catalog, handlersModule, path.resolve(serveHandlersDir), log)
  return runnable(build.catalog, build.createRegistry({ ...registryOptions, handlers }), new Set(Object.keys(handlers)))
}

/** `[host:]port`: the host defaults to 127.0.0.1 (loopback: nothing else can reach the server). */
function listenAddress(value: unknown): { host: string; port: number } {
  const match = typeof value === 'string' ? /^(?:\[?([^\]]*?)\]?:)?(\d{1,5})$/.exec(value) : null
  const port = Number(match?.[2])
  if (match === null || port > 65535) throw new UsageError(`--http takes [host:]port, got ${JSON.stringify(value)}`)
  return { host: match[1] || '127.0.0.1', port }
}

function positiveInteger(input: CommandInput, option: string): number | undefined {
  const value = input.values[option]
  if (value === undefined) return undefined
  const size = typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(size)) throw new UsageError(`--${option} must be a positive integer, got ${JSON.stringify(value)}`)
  return size
}

function nonNegativeInteger(input: CommandInput, option: string): number | undefined {
  return input.values[option] === '0' ? 0 : positiveInteger(input, option)
}

function confirmPolicyOf(input: CommandInput): ConfirmPolicy {
  const value = input.values.confirm ?? 'ask'
  if (value !== 'ask' && value !== 'deny' && value !== 'allow') throw new UsageError(`--confirm must be ask, allow or deny, got ${JSON.stringify(value)}`)
  return value
}
