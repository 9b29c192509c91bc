import path from 'node:path'
import { serializeCatalog } from '../emit/catalog-json.js'
import { ToolCompileError } from '../emit/tool-compile-error.js'
import { writeFilesAtomically, type FileToWrite } from '../emit/write-files.js'
import { analysisOptions, reportAnalysis, runAnalysis } from './analysis-run.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'

/** `toolcat build [toolsDir] [--out file] [--outDir dir]`: analyses the tools and writes the catalog (and the app's modules) atomically. */
export const buildCommand: Command = {
  name: 'build',
  summary: 'analyse the tool modules and write catalog.json',
  help: `Usage: toolcat build [toolsDir] [options]

Reads the tool modules in toolsDir (default: tools) without running them, derives each tool's
JSON Schema from its handler's types and writes the catalog. Nothing is written when there is
an error; a catalog written earlier stays as it was.

Options:
  --out <file>       catalog file to write (default, without --outDir: <root>/catalog.json,
                     where <root> is the nearest folder at or above toolsDir holding a package.json)
  --outDir <dir>     write what an app imports into dir: catalog.json, catalog.js, registry.js,
                     their .d.ts, and under tools/ the tool modules compiled with their
                     validators (with --out, both)
  --validators <mode> precompiled (default): each tool's validator generated at build time, no ajv
                     compiler or eval at run time; runtime: compiled with ajv on each tool's first call
  --tsconfig <file>  tsconfig to type-check with (default: <root>/tsconfig.json when present)
${depsHelp(21)}
  --json             print { catalog?, diagnostics } as JSON on stdout instead of the summary
  -h, --help         show this help

Exit status: 0 on success, 1 when there is an error, 2 on bad usage.`,
  options: { ...analysisOptions, ...depsOptions, out: { type: 'string', short: 'o' }, outDir: { type: 'string' }, validators: { type: 'string' } },
  maxPositionals: 1,
  async run(input) {
    const validators = validatorsOf(input)
    const run = await runAnalysis(input)
    if (run.failed) {
      reportAnalysis(run, input)
      return 1
    }
    const outDir = typeof input.values.outDir === 'string' ? path.resolve(input.values.outDir) : undefined
    const out = typeof input.values.out === 'string' ? path.resolve(input.values.out) : outDir === undefined ? path.join(run.root, 'catalog.json') : undefined
    const catalogFile: FileToWrite[] = out === undefined ? [] : [{ path: out, contents: serializeCatalog(run.catalog) }]
    try {
      if (outDir === undefined) writeFilesAtomically(catalogFile)
      else {
        const { writeOutDir } = await import('../emit/write-out-dir.js')
        await writeOutDir(run.catalog, { root: run.root, outDir, validators }, catalogFile)
      }
    } catch (error) {
      if (error instanceof ToolCompileError) throw new UserError(`cannot compile the tool modules for ${outDir}: ${error.message}`)
      throw new UserError(`cannot write ${out ?? outDir}: ${messageOf(error)}`)
    }
    reportAnalysis(run, input, outDir ?? out)
    return 0
  },
}

function validatorsOf(input: CommandInput): 'precompiled' | 'runtime' {
  const mode = input.values.validators ?? 'precompiled'
  if (mode === 'precompiled' || mode === 'runtime') return mode
  throw new UsageError(`--validators must be precompiled or runtime, not ${String(mode)}`)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
