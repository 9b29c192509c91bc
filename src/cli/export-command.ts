import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { codeSignatures, generateCodeApiFiles } from '../emit/code/code-api-files.js'
import { generateCodePrompt } from '../emit/code/code-prompt.js'
import { generateCatalogHtml } from '../emit/html/generate-catalog-html.js'
import { readPageScript } from '../emit/html/page-script.js'
import { writeFilesAtomically } from '../emit/shared/write-files.js'
import { anthropicWithCallers, openaiWithCallers, parseCallers, type ToolCaller } from '../interop/profiles/callers.js'
import { exportDeferred } from '../interop/profiles/deferred.js'
import { exportFormats, exportTools, reportExport, type ExportFormat } from '../interop/profiles/index.js'
import type { Catalog } from '../runtime/catalog.js'
import { analysisOptions, checkerHelp } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'
import { catalogFileAt, projectRootAbove, readCatalogFile } from './read-catalog.js'

/** Every `--format`: the provider profiles; `html`, the catalog as a self-contained page; `code` and `code-prompt`, the catalog as a typed API; the MCP Registry's `server-json` and the `server-card` of SEP-2127. */
const formats = [...exportFormats, 'html', 'code', 'code-prompt', 'server-json', 'server-card']

/** `toolcat export [toolsDir] --format …`: the tools list in one provider's exact request shape. */
export const exportCommand: Command = {
  name: 'export',
  help: `Usage: toolcat export [toolsDir|outDir|catalog.json] --format <${formats.join('|')}> [options]

Writes the tools list as the provider's request expects it: OpenAI { tools: [{ type: 'function',
function }] }, Anthropic { tools: [{ name, description, input_schema }] }, Gemini { tools:
[{ functionDeclarations }] } (each tool in parameters or parametersJsonSchema, whichever keeps
more of its schema), MCP the tools/list result. The catalog's draft-07 schemas stay the contract;
a constraint a provider drops is written into that property's description, so the model still
reads it. On stderr, per tool: the constraints so described, the cosmetic rewrites (counted), and
any change that alters what a model may send — an open record closed, a union the provider cannot
express, a tuple flattened. Such a lossy change is an error (one line per tool, naming each JSON
Pointer and why) and nothing is written, unless --lossy is given. html writes the catalog as one
self-contained page (catalog.html: every tool, its parameters, output and source, its code-mode
signature, a search box; no network, opens from file://). code writes the tools as a typed API for agents that write code
(code mode): index.d.ts listing every tool with its summary, <tool>.d.ts per tool declaring its
async function with the handler's parameter and result types as written (their JSDoc kept; a
dependency's tools get types rebuilt from its schemas), and globals.d.ts, the functions as the
globals of a program run by runCode; with --out, into that folder, else to stdout, each file after
a "// ==> <file> <==" line. code-prompt writes the compact form: one signature block per tool.
server-json writes the MCP Registry's server.json of the package
holding the given path (or the current folder), from its package.json: name from "mcpName",
version, description, title ("displayName"), repository, website ("homepage"), and the npm
package run as npx --yes <name> on stdio (the bin that serves its build); it reads no tools.
server-card writes the Server Card (SEP-2127 draft) serve --http answers at /mcp/server-card, for
static hosting: the catalog's package and version with the package.json fields, one remote per
--remote.

Options:
  --format <name>    ${formats.join(', ')} (required)
  --strict           strict mode: OpenAI strict function calling (every property required,
                     optional ones nullable — see the registry's nullAsAbsent) or Anthropic strict
                     tool use; other formats ignore it
  --defer            deferred loading: Anthropic's tools with defer_loading: true after its BM25
                     tool search tool; OpenAI's Responses API form, tool_search then functions
                     deferred in namespaces (per tool module, or a tool's @namespace tag,
                     described by the module's doc comment); Gemini and MCP, toolcat's
                     tool_search and call_tool (serve them with withToolSearch)
  --pin <a,b>        with --defer, tools the model sees from the start
  --callers <list>   programmatic tool calling: who may call the tools, direct and/or code.
                     anthropic: allowed_callers ("direct", "code_execution_20260120") and the
                     code execution tool; openai: the Responses API shape with allowed_callers
                     ("direct", "programmatic") and the programmatic_tool_calling tool
  --lossy            export even when a change alters what a model may send (reported as warnings)
  --catalog <file>   export this catalog file (or an outDir's catalog.json) instead of analysing
                     toolsDir; a positional outDir or .json file is read the same way
  --remote <url>     (server-json, server-card) a Streamable HTTP endpoint where the server also runs (repeatable)
  --env <NAME[=text]> (server-json) an environment variable the tools need (repeatable)
  --secret-env <NAME[=text]> (server-json) the same, for a secret value such as an API key
  --out <file>       write the JSON to this file (atomically) instead of stdout; with --format
                     code, the folder to write the API's files into
  --tsconfig <file>  tsconfig to type-check with when analysing
${depsHelp(21)}
${checkerHelp(21)}
  -h, --help         show this help

Exit status: 0 on success, 1 when a change would be lossy (without --lossy), the analysis fails or
the file cannot be written, 2 on bad usage.`,
  options: {
    tsconfig: analysisOptions.tsconfig,
    checker: analysisOptions.checker,
    help: analysisOptions.help,
    ...depsOptions,
    format: { type: 'string', short: 'f' },
    strict: { type: 'boolean' },
    lossy: { type: 'boolean' },
    defer: { type: 'boolean' },
    pin: { type: 'string' },
    callers: { type: 'string' },
    catalog: { type: 'string' },
    out: { type: 'string', short: 'o' },
    remote: { type: 'string', multiple: true },
    env: { type: 'string', multiple: true },
    'secret-env': { type: 'string', multiple: true },
  },
  maxPositionals: 1,
  async run(input) {
    const format = input.values.format
    if (typeof format !== 'string' || !formats.includes(format)) {
      throw new UsageError(`--format must be one of ${formats.join(', ')}`)
    }
    const allowed = format === 'server-json' ? ['remote', 'env', 'secret-env'] : format === 'server-card' ? ['remote'] : []
    for (const option of ['remote', 'env', 'secret-env']) if (input.values[option] !== undefined && !allowed.includes(option)) throw new UsageError(`--${option} applies to --format ${option === 'remote' ? 'server-json and server-card' : 'server-json'}`)
    if (format === 'server-json') return writeOutput(input, (await import('./export-server-json.js')).exportServerJson(input))
    const loaded = await loadCatalog(input)
    if (!loaded) return 1
    const { catalog } = loaded
    if (format === 'html') return exportHtml(input, loaded)
    if (format === 'code' || format === 'code-prompt') return exportCode(input, format, loaded)
    if (format === 'server-card') return writeOutput(input, (await import('./export-server-card.js')).exportServerCard(input, catalog))
    if (input.values.strict === true && format !== 'openai' && format !== 'anthropic') {
      process.stderr.write(`toolcat: --strict applies to openai and anthropic; ${format} has no strict mode, ignored\n`)
    }
    const pin = typeof input.values.pin === 'string' ? input.values.pin.split(',').map((name) => name.trim()).filter(Boolean) : []
    if (pin.length > 0 && input.values.defer !== true) throw new UsageError('--pin needs --defer')
    const strict = input.values.strict === true
    const { output, warnings } = input.values.defer === true ? deferredExport(catalog, format as ExportFormat, strict, pin) : exportTools(catalog, format as ExportFormat, { strict })
    const report = reportExport(warnings, input.values.lossy === true)
    for (const line of [...report.errors, ...report.lines]) process.stderr.write(`${line}\n`)
    if (report.errors.length > 0) {
      const tools = report.errors.length === 1 ? '1 tool' : `${report.errors.length} tools`
      process.stderr.write(`toolcat: nothing written: ${format} cannot take ${tools} as declared; change the types, or pass --lossy to export them anyway\n`)
      return 1
    }
    return writeOutput(input, `${JSON.stringify(withCallers(input, format, output), null, 2)}\n`)
  },
}

/** The export with `--callers` applied (anthropic and openai, without --defer), else as it is. */
function withCallers(input: CommandInput, format: string, output: unknown): unknown {
  if (typeof input.values.callers !== 'string') return output
  let callers: ToolCaller[]
  try {
    callers = parseCallers(input.values.callers)
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (input.values.defer === true) throw new UsageError('--callers does not combine with --defer')
  if (format === 'anthropic') return anthropicWithCallers(output as Parameters<typeof anthropicWithCallers>[0], callers)
  if (format === 'openai') return openaiWithCallers(output as Parameters<typeof openaiWithCallers>[0], callers)
  throw new UsageError(`--callers applies to anthropic and openai, not ${format}`)
}

function deferredExport(catalog: Catalog, format: ExportFormat, strict: boolean, pin: readonly string[]) {
  try {
    return exportDeferred(catalog, format, { strict, pin })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** Writes the export to `--out` (atomically), else to stdout. */
function writeOutput(input: CommandInput, text: string): number {
  if (typeof input.values.out !== 'string') {
    process.stdout.write(text)
    return 0
  }
  const out = path.resolve(input.values.out)
  try {
    writeFilesAtomically([{ path: out, contents: text }])
  } catch (error) {
    throw new UserError(`cannot write ${out}: ${error instanceof Error ? error.message : String(error)}`)
  }
  return 0
}

/** A catalog to export, and the project root its tools' `source` paths are relative to. */
interface LoadedCatalog {
  readonly catalog: Catalog
  readonly root: string
}

/** The catalog to export: `--catalog`, or a positional outDir or catalog file, when given; else a fresh analysis (reported when it fails). */
async function loadCatalog(input: CommandInput): Promise<LoadedCatalog | undefined> {
  const file = typeof input.values.catalog === 'string' ? input.values.catalog : catalogFileAt(input.positionals[0])
  if (file !== undefined) return { catalog: readCatalogFile(file), root: projectRootAbove(path.resolve(file)) }
  const run = await runAnalysis(input)
  if (!run.failed) return { catalog: run.catalog, root: run.root }
  reportAnalysis(run, input)
  return undefined
}

/**
 * `--format code` (the file tree: into `--out`'s folder, replacing the files an earlier export
 * wrote there, else to stdout) and `--format code-prompt` (the compact form). The handlers' written
 * types are read from the sources under the project root; a tool whose sources are not there gets
 * types rebuilt from its schemas.
 */
async function exportCode(input: CommandInput, format: 'code' | 'code-prompt', { catalog, root }: LoadedCatalog): Promise<number> {
  const { writtenSignatures } = await import('../analyze/written-api/written-signatures.js')
  const written = writtenSignatures(root, catalog.tools)
  if (format === 'code-prompt') return writeOutput(input, generateCodePrompt(catalog, written))
  const files = generateCodeApiFiles(catalog, written)
  if (typeof input.values.out !== 'string') {
    process.stdout.write(files.map((file) => `// ==> ${file.path} <==\n${file.contents}`).join('\n'))
    return 0
  }
  const folder = path.resolve(input.values.out)
  try {
    writeFilesAtomically(files.map((file) => ({ path: path.join(folder, file.path), contents: file.contents })))
    removeStaleApiFiles(folder, new Set(files.map((file) => file.path)))
  } catch (error) {
    throw new UserError(`cannot write ${folder}: ${error instanceof Error ? error.message : String(error)}`)
  }
  return 0
}

/** `--format html`: the catalog page, with each tool's code-mode signature (its types as written, as `--format code` declares them). */
async function exportHtml(input: CommandInput, { catalog, root }: LoadedCatalog): Promise<number> {
  const { writtenSignatures } = await import('../analyze/written-api/written-signatures.js')
  return writeOutput(input, generateCatalogHtml(catalog, readPageScript(), codeSignatures(catalog, writtenSignatures(root, catalog.tools))))
}

/** Removes the `.d.ts` files an earlier code export wrote in `folder` (they start with toolcat's header) that this one did not: a removed tool's module goes with it. */
function removeStaleApiFiles(folder: string, kept: ReadonlySet<string>): void {
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.d.ts') || kept.has(name)) continue
    const file = path.join(folder, name)
    if (readFileSync(file, 'utf8').startsWith('// Generated by toolcat')) rmSync(file)
  }
}
