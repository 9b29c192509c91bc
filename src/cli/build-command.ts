import path from 'node:path'
import { serializeCatalog } from '../emit/catalog-json.js'
import { writeFilesAtomically } from '../emit/write-files.js'
import { writeOutDir } from '../emit/write-out-dir.js'
import { analysisOptions, reportAnalysis, runAnalysis } from './analysis-run.js'
import { UserError, type Command } from './command.js'

/** `toolcat build [toolsDir] [--out file]`: analyses the tools and writes the catalog atomically. */
export const buildCommand: Command = {
  name: 'build',
  summary: 'analyse the tool modules and write catalog.json',
  help: `Usage: toolcat build [toolsDir] [options]

Reads the tool modules in toolsDir (default: tools) without running them, derives each tool's
JSON Schema from its handler's types and writes the catalog. Nothing is written when there is
an error; a catalog written earlier stays as it was.

Options:
  --out <file>       catalog file to write (default: <root>/catalog.json, where <root> is the
                     nearest folder at or above toolsDir holding a package.json)
  --outDir <dir>     also write what an app imports into dir: catalog.json, catalog.js,
                     registry.js, their .d.ts and the tool modules compiled under tools/
  --tsconfig <file>  tsconfig to type-check with (default: <root>/tsconfig.json when present)
  --json             print { catalog?, diagnostics } as JSON on stdout instead of the summary
  -h, --help         show this help

Exit status: 0 on success, 1 when there is an error, 2 on bad usage.`,
  options: { ...analysisOptions, out: { type: 'string', short: 'o' }, outDir: { type: 'string' } },
  maxPositionals: 1,
  async run(input) {
    const run = runAnalysis(input)
    if (run.failed) {
      reportAnalysis(run, input)
      return 1
    }
    const out = path.resolve(typeof input.values.out === 'string' ? input.values.out : path.join(run.root, 'catalog.json'))
    try {
      writeFilesAtomically([{ path: out, contents: serializeCatalog(run.catalog) }])
    } catch (error) {
      throw new UserError(`cannot write ${out}: ${error instanceof Error ? error.message : String(error)}`)
    }
    const outDir = input.values.outDir
    if (typeof outDir === 'string') {
      try {
        await writeOutDir(run.catalog, { root: run.root, outDir: path.resolve(outDir) })
      } catch (error) {
        throw new UserError(`cannot write ${outDir}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    reportAnalysis(run, input, out)
    return 0
  },
}
