import { createMcpServer, type ConfirmPolicy } from '../interop/mcp/create-mcp-server.js'
import { loadMcpSdk } from '../interop/mcp/load-sdk.js'
import { loadServedRegistry } from '../interop/mcp/served-registry.js'
import { analysisOptions } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'

const defaultPageSize = 100

/** `toolcat serve --mcp [toolsDir]`: serves the tools over MCP on stdio, each handler imported at its first call. */
export const serveCommand: Command = {
  name: 'serve',
  summary: 'serve the tools to an MCP client over stdio',
  help: `Usage: toolcat serve --mcp [toolsDir] [options]

Analyses the tools in toolsDir (default: tools), writes their registry into
node_modules/.cache/toolcat/serve under the project root and serves them as an MCP server on
stdin/stdout. A tool's module is imported at its first tools/call. stdout carries the protocol
only; diagnostics and logs go to stderr. Needs the optional peer @modelcontextprotocol/sdk.

Options:
  --mcp                   speak the Model Context Protocol over stdio (required)
  --page-size <n>         tools per tools/list page (default: ${defaultPageSize})
  --confirm <deny|allow>  answer for consequential tools, which have nobody to confirm them:
                          deny refuses every call (default), allow approves every call
  --tsconfig <file>       tsconfig to type-check with (default: <root>/tsconfig.json when present)
${depsHelp(26)}
  -h, --help              show this help

Exit status: 0 when the client disconnects, 1 when the tools cannot be built or served, 2 on bad usage.`,
  options: {
    tsconfig: analysisOptions.tsconfig,
    help: analysisOptions.help,
    ...depsOptions,
    mcp: { type: 'boolean' },
    'page-size': { type: 'string' },
    confirm: { type: 'string' },
  },
  maxPositionals: 1,
  async run(input) {
    if (input.values.mcp !== true) throw new UsageError('serve needs --mcp (the only protocol it speaks)')
    const pageSize = pageSizeOf(input)
    const confirm = confirmPolicyOf(input)
    const sdk = await loadMcpSdk()
    if (sdk === undefined) throw new UserError('serve --mcp needs the MCP SDK: npm install --save-dev @modelcontextprotocol/sdk')
    const run = await runAnalysis(input)
    reportAnalysis(run, input)
    if (run.failed) return 1
    const registry = await loadServedRegistry(run.catalog, run.root).catch((error: unknown) => {
      throw new UserError(`cannot load the tools' registry: ${error instanceof Error ? error.message : String(error)}`)
    })
    const { server, warnings } = createMcpServer(sdk, { catalog: run.catalog, registry, pageSize, confirm })
    for (const warning of warnings) process.stderr.write(`warning: ${warning.tool} ${warning.path}: ${warning.message}\n`)
    const closed = new Promise<void>((resolve) => (server.onclose = resolve))
    await server.connect(new sdk.StdioServerTransport())
    process.stderr.write(`toolcat: serving ${run.catalog.tools.length} tools over MCP (stdio)\n`)
    await closed
    return 0
  },
}

function pageSizeOf(input: CommandInput): number {
  const value = input.values['page-size']
  if (value === undefined) return defaultPageSize
  const size = typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(size)) throw new UsageError(`--page-size must be a positive integer, got ${JSON.stringify(value)}`)
  return size
}

function confirmPolicyOf(input: CommandInput): ConfirmPolicy {
  const value = input.values.confirm ?? 'deny'
  if (value !== 'deny' && value !== 'allow') throw new UsageError(`--confirm must be deny or allow, got ${JSON.stringify(value)}`)
  return value
}
