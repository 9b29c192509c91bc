import type { Command } from './command.js'

/** A subcommand as `toolcat --help` lists it; its module, and everything that imports, loads only when it runs. */
export interface CommandEntry {
  readonly name: string
  /** One line for the command list of `toolcat --help`. */
  readonly summary: string
  load(): Promise<Command>
}

/**
 * Every subcommand, in the order `toolcat --help` lists them; a new command is one more entry.
 * Loading only the command that runs keeps `build` from loading the MCP server, esbuild and ajv's
 * code generator that `serve` and `--outDir` need (~0.1 s of every start-up).
 */
export const commands: readonly CommandEntry[] = [
  { name: 'build', summary: 'analyse the tool modules and write catalog.json', load: async () => (await import('./build-command.js')).buildCommand },
  { name: 'check', summary: 'analyse the tool modules and report problems, writing nothing', load: async () => (await import('./check-command.js')).checkCommand },
  { name: 'export', summary: 'write the tools in OpenAI, Anthropic, Gemini or MCP request shape', load: async () => (await import('./export-command.js')).exportCommand },
  { name: 'diff', summary: 'classify the changes between two catalogs as breaking or compatible', load: async () => (await import('./diff-command.js')).diffCommand },
  { name: 'verify', summary: 'check a catalog file against its sources and its own hashes', load: async () => (await import('./verify-command.js')).verifyCommand },
  { name: 'search', summary: 'find the tools of a build or catalog that match a query', load: async () => (await import('./search-command.js')).searchCommand },
  { name: 'serve', summary: 'serve a build (or, in development, sources) to MCP clients over stdio or Streamable HTTP', load: async () => (await import('./serve-command.js')).serveCommand },
]
