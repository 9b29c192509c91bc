import path from 'node:path'
import type { CheckerInfo } from '../analyze/backend.js'
import type { Diagnostic } from '../analyze/diagnostic.js'
import type { BuildResult, CatalogBuilder } from '../analyze/index.js'
import { toPosix } from '../paths.js'
import { builderOptionsOf } from './analysis-options.js'
import { UserError, type CommandInput } from './command.js'
import { formatDiagnostic } from '../analyze/format-diagnostic.js'
import { summaryLine } from './summary.js'

/** The outcome of analysing the tools named on the command line. */
export interface AnalysisRun extends BuildResult {
  readonly root: string
  readonly failed: boolean
  /** `performance.now()` when the work started, so the summary times all of it. */
  readonly started: number
  /** The checker backend that read the types, named by the summary line. */
  readonly checker?: CheckerInfo
}

/**
 * Creates the analyzer for `[toolsDir]` and the analysis flags; the analysis (and ts-morph, when it
 * is the checker) is loaded only now. A `--checker native` that cannot run is a one-line error, a
 * fallback of `auto` a one-line notice. The caller closes the builder (`close()` ends the native
 * checker's process and waits for it).
 */
export async function createBuilder(input: CommandInput): Promise<CatalogBuilder> {
  // Loaded on demand: the analysis costs start-up that `diff` or `--help` should not pay.
  const [{ CheckerUnavailableError, createCatalogBuilder }, { projectCheckers }] = await Promise.all([import('../analyze/index.js'), import('../backends/checkers.js')])
  let builder: CatalogBuilder
  try {
    builder = createCatalogBuilder(builderOptionsOf(input), projectCheckers)
  } catch (error) {
    if (error instanceof CheckerUnavailableError) throw new UserError(error.message)
    throw error
  }
  if (builder.checker.notice !== undefined) process.stderr.write(`toolcat: ${builder.checker.notice}\n`)
  return builder
}

/** Analyses `[toolsDir]` (relative to the working directory) with `--tsconfig`, writing nothing; the checker is closed before it returns. */
export async function runAnalysis(input: CommandInput): Promise<AnalysisRun> {
  const started = performance.now()
  const builder = await createBuilder(input)
  try {
    return analysisRun(builder.build(), builder, started)
  } finally {
    await builder.close()
  }
}

/** A builder's result as a run: failed when any diagnostic is an error. */
export function analysisRun(result: BuildResult, builder: Pick<CatalogBuilder, 'root' | 'checker'>, started: number): AnalysisRun {
  const failed = result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')
  return { ...result, root: builder.root, failed, started, checker: builder.checker }
}

/** How the summary line names the checker of a run: `native TypeScript 7.0.2`, `ts-morph TypeScript 6.0.2`. */
export function checkerName(run: AnalysisRun): string | undefined {
  return run.checker && `${run.checker.name} TypeScript ${run.checker.typescript}`
}

/** Prints the outcome: machine-readable JSON on stdout with --json, else diagnostics and a summary on stderr. */
export function reportAnalysis(run: AnalysisRun, input: CommandInput, written?: readonly string[]): void {
  if (input.values.json) {
    const report = run.failed ? { diagnostics: run.diagnostics } : { catalog: run.catalog, diagnostics: run.diagnostics }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    return
  }
  printDiagnostics(run)
  process.stderr.write(`${summaryLine(run.catalog.tools.length, run.diagnostics, performance.now() - run.started, written === undefined ? undefined : displayWritten(written), checkerName(run))}\n`)
}

/**
 * Diagnostics of a run on stderr (by default all of them), as compilers print them,
 * paths relative to the working directory.
 */
export function printDiagnostics(run: AnalysisRun, diagnostics: readonly Diagnostic[] = run.diagnostics): void {
  const cwd = process.cwd()
  for (const diagnostic of diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic, run.root, cwd)}\n\n`)
}

/** The outputs a build wrote, as the summary line names them after `→`. */
export function displayWritten(written: readonly string[]): string {
  return written.map((file) => displayPath(file)).join(', ')
}

/** Relative to the working directory when inside it, else absolute: whichever is easier to open. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : toPosix(relative) || '.'
}
