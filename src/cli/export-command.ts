import path from 'node:path'
import { generateCatalogHtml } from '../emit/html/generate-catalog-html.js'
import { readPageScript } from '../emit/html/page-script.js'
import { writeFilesAtomically } from '../emit/write-files.js'
import { exportDeferred } from '../interop/profiles/deferred.js'
import { exportFormats, exportTools, reportExport, type ExportFormat } from '../interop/profiles/index.js'
import type { Catalog } from '../runtime/catalog.js'
import { analysisOptions, checkerHelp } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { catalogFileAt, readCatalogFile } from './read-catalog.js'

/** Every `--format`: the provider profiles, `html` (the catalog as a self-contained page), the MCP Registry's `server-json` and the `server-card` of SEP-2127. */
const formats = [...exportFormats, 'html', 'server-json', 'server-card']

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
self-contained page (catalog.html: every tool, its parameters, output and source, a search box;
no network, opens from file://). server-json writes the MCP Registry's server.json of the package
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
                     deferred in a namespace per tool module; Gemini and MCP, toolcat's
                     tool_search and call_tool (serve them with withToolSearch)
  --pin <a,b>        with --defer, tools the model sees from the start
  --lossy            export even when a change alters what a model may send (reported as warnings)
  --catalog <file>   export this catalog file (or an outDir's catalog.json) instead of analysing
                     toolsDir; a positional outDir or .json file is read the same way
  --remote <url>     (server-json, server-card) a Streamable HTTP endpoint where the server also runs (repeatable)
  --env <NAME[=text]> (server-json) an environment variable the tools need (repeatable)
  --secret-env <NAME[=text]> (server-json) the same, for a secret value such as an API key
  --out <file>       write the JSON to this file (atomically) instead of stdout
  --tsconfig <file>  tsconfig to type-check with when analysing
${checkerHelp(21)}
  -h, --help         show this help

Exit status: 0 on success, 1 when a change would be lossy (without --lossy), the analysis fails or
the file cannot be written, 2 on bad usage.`,
  options: {
    tsconfig: analysisOptions.tsconfig,
    checker: analysisOptions.checker,
    help: analysisOptions.help,
    format: { type: 'string', short: 'f' },
    strict: { type: 'boolean' },
    lossy: { type: 'boolean' },
    defer: { type: 'boolean' },
    pin: { type: 'string' },
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
    const catalog = await loadCatalog(input)
    if (!catalog) return 1
    if (format === 'html') return writeOutput(input, generateCatalogHtml(catalog, readPageScript()))
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
    return writeOutput(input, `${JSON.stringify(output, null, 2)}\n`)
  },
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

/** The catalog to export: `--catalog`, or a positional outDir or catalog file, when given; else a fresh analysis (reported when it fails). */
async function loadCatalog(input: CommandInput): Promise<Catalog | undefined> {
  const file = typeof input.values.catalog === 'string' ? input.values.catalog : catalogFileAt(input.positionals[0])
  if (file !== undefined) return readCatalogFile(file)
  const run = await runAnalysis(input)
  if (!run.failed) return run.catalog
  reportAnalysis(run, input)
  return undefined
}
