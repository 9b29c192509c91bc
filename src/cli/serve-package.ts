import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { main } from './main.js'

/**
 * `toolcat/serve`: what a tool package's bin runs (the `mcp-server.js` that `toolcat build --outDir`
 * writes): `toolcat serve --mcp <the bin's folder>` with the bin's own arguments (`--http`,
 * `--confirm`, `--search`, …), so `npx <package>` serves the package's build and no code of the
 * package's own but its tools. Resolves with the exit code.
 */
export async function servePackage(moduleUrl: string, argv: readonly string[]): Promise<number> {
  const dir = path.dirname(fileURLToPath(moduleUrl))
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`Usage: npx <package> [--http [host:]port] [--confirm ask|allow|deny] [--search] [options]

Serves this package's tools over MCP: on stdin/stdout, or Streamable HTTP at
http://host:port/mcp with --http. It runs toolcat serve --mcp ${dir}; every option of
toolcat serve but --mcp applies (npx toolcat serve --help lists them).
`)
    return 0
  }
  if (argv.some((arg) => arg === '--mcp' || arg.startsWith('--mcp='))) {
    process.stderr.write('toolcat: this server serves its own package\'s build; --mcp is not taken\n')
    return 2
  }
  return main(['serve', '--mcp', dir, ...argv])
}
