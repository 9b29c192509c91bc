import path from 'node:path'
import { writeFilesAtomically } from '../emit/write-files.js'
import { exportFormats, exportTools, type ExportFormat } from '../interop/profiles/index.js'
import type { Catalog } from '../runtime/catalog.js'
import { analysisOptions } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { readCatalogFile } from './read-catalog.js'

/** `toolcat export [toolsDir] --format …`: the tools list in one provider's exact request shape. */
export const exportCommand: Command = {
  name: 'export',
  summary: 'write the tools in OpenAI, Anthropic, Gemini or MCP request shape',
  help: `Usage: toolcat export [toolsDir] --format <${exportFormats.join('|')}> [options]

Writes the tools list as the provider's request expects it: OpenAI { tools: [{ type: 'function',
function }] }, Anthropic { tools: [{ name, description, input_schema }] }, Gemini { tools:
[{ functionDeclarations }] }, MCP the tools/list result. The catalog's draft-07 schemas stay the
contract; what a provider's rules forced to change or drop is reported on stderr, per tool and field.

Options:
  --format <name>    ${exportFormats.join(', ')} (required)
  --strict           OpenAI strict mode: all properties required, optional ones nullable
  --catalog <file>   export this catalog file instead of analysing toolsDir
  --out <file>       write the JSON to this file (atomically) instead of stdout
  --tsconfig <file>  tsconfig to type-check with when analysing
  -h, --help         show this help

Exit status: 0 on success, 1 when the analysis fails or the file cannot be written, 2 on bad usage.`,
  options: {
    tsconfig: analysisOptions.tsconfig,
    help: analysisOptions.help,
    format: { type: 'string', short: 'f' },
    strict: { type: 'boolean' },
    catalog: { type: 'string' },
    out: { type: 'string', short: 'o' },
  },
  maxPositionals: 1,
  async run(input) {
    const format = input.values.format
    if (typeof format !== 'string' || !(exportFormats as string[]).includes(format)) {
      throw new UsageError(`--format must be one of ${exportFormats.join(', ')}`)
    }
    const catalog = await loadCatalog(input)
    if (!catalog) return 1
    const { output, warnings } = exportTools(catalog, format as ExportFormat, { strict: input.values.strict === true })
    for (const warning of warnings) process.stderr.write(`warning: ${warning.tool} ${warning.path}: ${warning.message}\n`)
    const json = `${JSON.stringify(output, null, 2)}\n`
    if (typeof input.values.out !== 'string') {
      process.stdout.write(json)
      return 0
    }
    const out = path.resolve(input.values.out)
    try {
      writeFilesAtomically([{ path: out, contents: json }])
    } catch (error) {
      throw new UserError(`cannot write ${out}: ${error instanceof Error ? error.message : String(error)}`)
    }
    return 0
  },
}

/** The catalog to export: `--catalog` when given, else a fresh analysis (reported when it fails). */
async function loadCatalog(input: CommandInput): Promise<Catalog | undefined> {
  if (typeof input.values.catalog === 'string') return readCatalogFile(input.values.catalog)
  const run = await runAnalysis(input)
  if (!run.failed) return run.catalog
  reportAnalysis(run, input)
  return undefined
}
