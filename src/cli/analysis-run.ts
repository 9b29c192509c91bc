import path from 'node:path'
import type { BuildResult, CatalogBuilder } from '../analyze/index.js'
import { toPosix } from '../paths.js'
import { builderOptionsOf } from './analysis-options.js'
import type { CommandInput } from './command.js'
import { formatDiagnostic } from './format-diagnostic.js'
import { summaryLine } from './summary.js'

/** The outcome of analysing the tools named on the command line. */
export interface AnalysisRun extends BuildResult {
  readonly root: string
  readonly failed: boolean
  /** `performance.now()` when the work started, so the summary times all of it. */
  readonly started: number
}

/** Creates the analyzer for `[toolsDir]` and the analysis flags; ts-morph is loaded only now. */
export async function createBuilder(input: CommandInput): Promise<CatalogBuilder> {
  // Loaded on demand: ts-morph costs a second of start-up that `diff` or `--help` should not pay.
  const { createCatalogBuilder } = await import('../analyze/index.js')
  return createCatalogBuilder(builderOptionsOf(input))
}

/** Analyses `[toolsDir]` (relative to the working directory) with `--tsconfig`, writing nothing. */
export async function runAnalysis(input: CommandInput): Promise<AnalysisRun> {
  const started = performance.now()
  const builder = await createBuilder(input)
  return analysisRun(builder.build(), builder.root, started)
}

/** A builder's result as a run: failed when any diagnostic is an error. */
export function analysisRun(result: BuildResult, root: string, started: number): AnalysisRun {
  const failed = result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')
  return { ...result, root, failed, started }
}

/** Prints the outcome: machine-readable JSON on stdout with --json, else diagnostics and a summary on stderr. */
export function reportAnalysis(run: AnalysisRun, input: CommandInput, written?: string): void {
  if (input.values.json) {
    const report = run.failed ? { diagnostics: run.diagnostics } : { catalog: run.catalog, diagnostics: run.diagnostics }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    return
  }
  printDiagnostics(run)
  process.stderr.write(`${summaryLine(run.catalog.tools.length, run.diagnostics, performance.now() - run.started, written === undefined ? undefined : displayPath(written))}\n`)
}

/** Every diagnostic of a run on stderr, as compilers print them, paths relative to the working directory. */
export function printDiagnostics(run: AnalysisRun): void {
  const cwd = process.cwd()
  for (const diagnostic of run.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic, run.root, cwd)}\n\n`)
}

/** Relative to the working directory when inside it, else absolute: whichever is easier to open. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : toPosix(relative) || '.'
}
