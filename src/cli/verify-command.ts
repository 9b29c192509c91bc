import { verifyCatalog } from '../interop/verify.js'
import { analysisOptions, checkerHelp } from './analysis-options.js'
import { reportAnalysis, runAnalysis } from './analysis-run.js'
import type { Command } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'
import { readCatalogFile } from './read-catalog.js'

/** `toolcat verify [catalog] [--tools dir] [--deps]`: recomputes the catalog from the sources (and installed dependencies) and reports drift. */
export const verifyCommand: Command = {
  name: 'verify',
  help: `Usage: toolcat verify [catalog] [options]

Checks a catalog file (default: catalog.json), every field of it: catalogVersion, generator and
package must be what a build gives today and no other top-level key may be there; the entries
must be in name order, each once; every entry's hash must match its content (every key counts,
__proto__ included), the catalog hash must match the entries, and every entry must equal what
the tool sources give today (a tool changed, missing from the sources, or not yet in the catalog
is drift). A catalog built with --deps is verified with --deps: its dependency entries are
checked against the installed packages' catalogs.

Options:
  --tools <dir>      tools folder to analyse (default: tools)
  --tsconfig <file>  tsconfig to type-check with
${checkerHelp(21)}
${depsHelp(21)}
  -h, --help         show this help

Exit status: 0 when the catalog matches, 1 on drift or a failed analysis, 2 on bad usage or an
unreadable catalog.`,
  options: { tsconfig: analysisOptions.tsconfig, checker: analysisOptions.checker, help: analysisOptions.help, ...depsOptions, tools: { type: 'string' } },
  maxPositionals: 1,
  async run(input) {
    const recorded = readCatalogFile(input.positionals[0] ?? 'catalog.json')
    const tools = typeof input.values.tools === 'string' ? input.values.tools : 'tools'
    const run = await runAnalysis({ ...input, positionals: [tools] })
    if (run.failed) {
      reportAnalysis(run, input)
      return 1
    }
    const drift = verifyCatalog(recorded, run.catalog)
    for (const entry of drift) process.stdout.write(`${entry.kind.padEnd(12)}  ${entry.tool}  ${entry.message}\n`)
    if (drift.length === 0) process.stdout.write(`catalog matches its sources (${recorded.tools.length} tools)\n`)
    return drift.length === 0 ? 0 : 1
  },
}
