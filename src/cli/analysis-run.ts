import path from 'node:path'
import type { BuildResult } from '../analyze/index.js'
import { toPosix } from '../paths.js'
import type { CommandInput } from './command.js'
import { dependencyOptionOf } from './deps-options.js'
import { formatDiagnostic } from './format-diagnostic.js'
import { summaryLine } from './summary.js'

/** The outcome of analysing the tools named on the command line. */
export interface AnalysisRun extends BuildResult {
  readonly root: string
  readonly failed: boolean
  /** `performance.now()` when the command started, so the summary times the whole command. */
  readonly started: number
}

/** Options shared by every command that analyses a tools folder. */
export const analysisOptions = {
  tsconfig: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** Analyses `[toolsDir]` (relative to the working directory) with `--tsconfig`, writing nothing. */
export async function runAnalysis(input: CommandInput): Promise<AnalysisRun> {
  const started = performance.now()
  // Loaded on demand: ts-morph costs a second of start-up that `diff` or `--help` should not pay.
  const { createCatalogBuilder } = await import('../analyze/index.js')
  const tsconfig = input.values.tsconfig
  const builder = createCatalogBuilder({
    tools: path.resolve(input.positionals[0] ?? 'tools'),
    ...(typeof tsconfig === 'string' ? { tsconfig: path.resolve(tsconfig) } : {}),
    deps: dependencyOptionOf(input),
  })
  const result = builder.build()
  const failed = result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')
  return { ...result, root: builder.root, failed, started }
}

/** Prints the outcome: machine-readable JSON on stdout with --json, else diagnostics and a summary on stderr. */
export function reportAnalysis(run: AnalysisRun, input: CommandInput, written?: string): void {
  if (input.values.json) {
    const report = run.failed ? { diagnostics: run.diagnostics } : { catalog: run.catalog, diagnostics: run.diagnostics }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    return
  }
  const cwd = process.cwd()
  for (const diagnostic of run.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic, run.root, cwd)}\n\n`)
  const shown = written === undefined ? undefined : displayPath(written, cwd)
  process.stderr.write(`${summaryLine(run.catalog.tools.length, run.diagnostics, performance.now() - run.started, shown)}\n`)
}

/** Relative to the working directory when inside it, else absolute: whichever is easier to open. */
function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : toPosix(relative)
}
