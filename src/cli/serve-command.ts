import { existsSync } from 'node:fs'
import path from 'node:path'
import { toolcatVersion } from '../analyze/package-info.js'
import { createMcpServer, type ConfirmPolicy, type McpBridge } from '../interop/mcp/create-mcp-server.js'
import { loadHostHandlers, type HostHandlers } from '../interop/mcp/host-handlers.js'
import { loadMcpSdk, type McpSdk } from '../interop/mcp/load-sdk.js'
import { loadServedRegistry, serveHandlersDir } from '../interop/mcp/served-registry.js'
import { StdioServerTransport, type CloseReason } from '../interop/mcp/stdio-transport.js'
import { reportExport } from '../interop/profiles/index.js'
import { defaultArgumentLimits } from '../runtime/limits.js'
import type { Catalog } from '../runtime/catalog.js'
import type { ToolHandler } from '../runtime/types.js'
import { analysisOptions, checkerHelp } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'
import { searchServed } from './serve-search.js'

const defaultPageSize = 100
const defaultMaxRequestBytes = 8 * 1024 * 1024
/** Room for the JSON-RPC envelope around arguments of the largest accepted size. */
const envelopeBytes = 64 * 1024
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const signalNumbers: Record<(typeof signals)[number], number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }

/** `toolcat serve --mcp [toolsDir]`: serves the tools over MCP on stdio, each handler imported at its first call. */
export const serveCommand: Command = {
  name: 'serve',
  help: `Usage: toolcat serve --mcp [toolsDir] [options]

Analyses the tools in toolsDir (default: tools), writes their registry into
node_modules/.cache/toolcat/serve under the project root and serves them as an MCP server on
stdin/stdout. A tool's module is imported at its first tools/call. Only tools that can run are
listed: a declaration-only tool (no execute) needs a handler from --handlers. stdout carries the
protocol only; diagnostics and logs go to stderr. No request can stop the server: one too large,
not JSON or not JSON-RPC is answered with a JSON-RPC error (and logged) and the next is read. The
server stops when stdin ends (the client left) or on SIGINT, SIGTERM or SIGHUP, saying which.
Needs the optional peer @modelcontextprotocol/sdk.

Options:
  --mcp                       speak the Model Context Protocol over stdio (required)
  --handlers <module>         an ES module (.ts or .js) exporting handlers by tool name for
                              declaration-only tools, e.g. export async function lookup_order(args)
                              {…}; its export names are read at start-up, the module is imported at
                              the first call of one of them
  --search                    list only tool_search, the --pin tools and call_tool: the client finds
                              the other tools by query and calls them through call_tool
                              ({ name, arguments }, validated and confirmed like a direct call)
  --pin <a,b>                 with --search, tools listed as they are
  --page-size <n>             tools per tools/list page (default: ${defaultPageSize})
  --confirm <deny|allow>      answer for consequential tools, which have nobody to confirm them:
                              deny refuses every call (default), allow approves every call
  --max-request-bytes <n>     longest JSON-RPC message accepted, in bytes (default: 8 MiB, or
                              --max-argument-bytes plus 64 KiB when that is more)
  --max-argument-bytes <n>    largest arguments of one call, as JSON text (the registry's
                              limits.maxBytes; default: ${defaultArgumentLimits.maxBytes})
  --max-argument-depth <n>    deepest nesting of a call's arguments (the registry's
                              limits.maxDepth; default: ${defaultArgumentLimits.maxDepth})
  --tsconfig <file>           tsconfig to type-check with (default: <root>/tsconfig.json when present)
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
    mcp: { type: 'boolean' },
    handlers: { type: 'string' },
    search: { type: 'boolean' },
    pin: { type: 'string' },
    'page-size': { type: 'string' },
    confirm: { type: 'string' },
    'max-request-bytes': { type: 'string' },
    'max-argument-bytes': { type: 'string' },
    'max-argument-depth': { type: 'string' },
  },
  maxPositionals: 1,
  async run(input) {
    if (input.values.mcp !== true) throw new UsageError('serve needs --mcp (the only protocol it speaks)')
    const pageSize = positiveInteger(input, 'page-size') ?? defaultPageSize
    const confirm = confirmPolicyOf(input)
    const maxBytes = positiveInteger(input, 'max-argument-bytes') ?? defaultArgumentLimits.maxBytes
    const maxDepth = positiveInteger(input, 'max-argument-depth') ?? defaultArgumentLimits.maxDepth
    const maxRequestBytes = positiveInteger(input, 'max-request-bytes') ?? Math.max(defaultMaxRequestBytes, maxBytes + envelopeBytes)
    const handlersModule = typeof input.values.handlers === 'string' ? input.values.handlers : undefined
    if (handlersModule !== undefined && !existsSync(path.resolve(handlersModule))) throw new UserError(`--handlers ${handlersModule}: no such file`)
    const sdk = await loadMcpSdk()
    if (sdk === undefined) throw new UserError('serve --mcp needs the MCP SDK: npm install --save-dev @modelcontextprotocol/sdk')
    const run = await runAnalysis(input)
    reportAnalysis(run, input)
    if (run.failed) return 1
    const log = (line: string) => process.stderr.write(`${line}\n`)
    const host = handlersModule === undefined ? undefined : await hostHandlers(handlersModule, run.root)
    const handled = host === undefined ? [] : handledTools(run.catalog, host, log)
    const handlers: Record<string, ToolHandler<any, unknown>> = host === undefined ? {} : host.handlersFor(handled)
    const registry = await loadServedRegistry(run.catalog, run.root, { handlers, limits: { maxBytes, maxDepth }, releaseOnAbort: true }).catch((error: unknown) => {
      throw new UserError(`cannot load the tools' registry: ${error instanceof Error ? error.message : String(error)}`)
    })
    const pin = typeof input.values.pin === 'string' ? input.values.pin.split(',').map((name) => name.trim()).filter(Boolean) : []
    if (pin.length > 0 && input.values.search !== true) throw new UsageError('--pin needs --search')
    const served = input.values.search === true ? searchServed(run.catalog, registry, pin, new Set(handled)) : { catalog: run.catalog, registry }
    const bridge = createMcpServer(sdk, { catalog: served.catalog, registry: served.registry, pageSize, confirm, handled: new Set(handled), toolcatVersion: toolcatVersion(), log })
    // Cosmetic rewrites (a non-object output wrapped as { result }) do not concern the operator.
    for (const line of reportExport(bridge.warnings.filter((change) => change.kind !== 'cosmetic'), true).lines) log(line)
    return serve(bridge, sdk, maxRequestBytes, log)
  },
}

/** Connects the server to stdio and resolves with the exit code once stdin ends, stdout breaks or a signal comes. */
async function serve(bridge: McpBridge, sdk: McpSdk, maxRequestBytes: number, log: (line: string) => void): Promise<number> {
  const transport = new StdioServerTransport(process.stdin, process.stdout, { maxRequestBytes, validate: sdk.isJsonRpcMessage, log })
  let onSignal: (signal: (typeof signals)[number]) => void = () => undefined
  const stopped = new Promise<number>((resolve) => {
    onSignal = (signal) => {
      log(`toolcat: received ${signal}, stopping`)
      resolve(128 + signalNumbers[signal])
    }
    bridge.server.onclose = () => {
      log(`toolcat: ${closeLine(transport.closeReason)}`)
      resolve(0)
    }
  })
  for (const signal of signals) process.on(signal, onSignal)
  // A tool's stray timer or unawaited promise must not take the server down with it; nor may a
  // client that closed stderr too (a log line then has nowhere to go).
  const onStray = (error: unknown) => log(`toolcat: a tool failed outside its call, still serving: ${error instanceof Error ? error.message : String(error)}`)
  process.on('uncaughtException', onStray)
  process.on('unhandledRejection', onStray)
  process.stderr.on('error', ignore)
  await bridge.server.connect(transport)
  const unlisted = bridge.unlisted.length === 0 ? '' : `; not listed (declaration-only, no handler): ${bridge.unlisted.join(', ')}`
  log(`toolcat: serving ${bridge.served.length} tools over MCP (stdio)${unlisted}`)
  const code = await stopped
  for (const signal of signals) process.off(signal, onSignal)
  process.off('uncaughtException', onStray)
  process.off('unhandledRejection', onStray)
  bridge.server.onclose = undefined
  // Closing aborts the calls still running; their results are dropped.
  await bridge.server.close().catch(() => undefined)
  // A handler that ignores its abort signal must not keep the process alive.
  setTimeout(() => process.exit(code), 500).unref()
  return code
}

function ignore(): void {}

function closeLine(reason: CloseReason | undefined): string {
  if (reason === 'stdin ended') return 'stdin ended (the client disconnected), stopping'
  if (reason === 'stdout closed') return 'stdout closed (the client is gone), stopping'
  return 'connection closed, stopping'
}

async function hostHandlers(module: string, root: string): Promise<HostHandlers> {
  try {
    return await loadHostHandlers(module, process.cwd(), path.join(root, serveHandlersDir))
  } catch (error) {
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors
    const first = errors?.[0]
    const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : ''
    throw new UserError(`cannot compile --handlers ${module}: ${where}${first?.text ?? (error instanceof Error ? error.message : String(error))}`)
  }
}

/** The declaration-only tools the handlers module covers; an export naming anything else is reported. */
function handledTools(catalog: Catalog, host: HostHandlers, log: (line: string) => void): string[] {
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
  const handled: string[] = []
  for (const name of host.names) {
    const tool = byName.get(name)
    if (tool === undefined) log(`warning: ${host.module} exports ${JSON.stringify(name)}, which names no tool: ignored`)
    else if (tool.declarationOnly !== true) log(`warning: ${host.module} exports ${JSON.stringify(name)}, but that tool has its own execute: ignored`)
    else handled.push(name)
  }
  return handled
}

function positiveInteger(input: CommandInput, option: string): number | undefined {
  const value = input.values[option]
  if (value === undefined) return undefined
  const size = typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(size)) throw new UsageError(`--${option} must be a positive integer, got ${JSON.stringify(value)}`)
  return size
}

function confirmPolicyOf(input: CommandInput): ConfirmPolicy {
  const value = input.values.confirm ?? 'deny'
  if (value !== 'deny' && value !== 'allow') throw new UsageError(`--confirm must be deny or allow, got ${JSON.stringify(value)}`)
  return value
}
