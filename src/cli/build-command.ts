import path from 'node:path'
import type { CheckerInfo } from '../analyze/backend.js'
import { analysisOptions, builderOptionsOf, checkerHelp } from './analysis-options.js'
import { analysisRun, createBuilder, reportAnalysis, type AnalysisRun } from './analysis-run.js'
import { buildTargetsOf, writeBuildOutput } from './build-output.js'
import { UsageError, UserError, type Command, type CommandInput } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'
import { mcpNameWarnings } from './mcp-name-check.js'

/** `toolcat build [toolsDir] [--out file] [--outDir dir] [--watch]`: analyses the tools and writes the catalog (and the app's modules) atomically. */
export const buildCommand: Command = {
  name: 'build',
  help: `Usage: toolcat build [toolsDir] [options]

Reads the tool modules in toolsDir (default: tools; a folder, or a quoted glob) without running
them, derives each tool's JSON Schema from its handler's types and writes the catalog. Nothing
is written when there is an error; a catalog written earlier stays as it was.

Options:
  --out <file>       catalog file to write (default, without --outDir: <root>/catalog.json,
                     where <root> is the nearest folder at or above toolsDir holding a package.json)
  --outDir <dir>     write what an app imports into dir: catalog.json, catalog.js, registry.js,
                     their .d.ts, and under tools/ the tool modules compiled with their
                     validators (with --out, both). Files an earlier build wrote there and this
                     one does not are removed (dir/.toolcat-manifest.json lists them); dir gets
                     a package.json with "type": "module" when the nearest one says otherwise
  -w, --watch        build, then rebuild whenever a tool module, a file whose types one imports,
                     the tsconfig or package.json changes; one summary line per rebuild. A failed
                     rebuild prints its diagnostics and keeps the last output. Ctrl-C stops
  --validators <mode> precompiled (default): each tool's validator generated at build time, no ajv
                     compiler or eval at run time; runtime: compiled with ajv on each tool's first call
  --tsconfig <file>  tsconfig to type-check with (default: <root>/tsconfig.json when present)
  --cache-dir <dir>  where the build cache lives (default: <root>/node_modules/.cache/toolcat): each
                     tool module's result keyed by the content of the files it was derived from,
                     so a rebuild derives again only what changed (no checker at all when nothing
                     did) and leaves an --outDir that is already up to date alone
  --no-cache         neither read nor write the build cache
${checkerHelp(21)}
${depsHelp(21)}
  --json             print { catalog?, diagnostics } as JSON on stdout instead of the summary
  -h, --help         show this help

Exit status: 0 on success, 1 when there is an error, 2 on bad usage; with --watch, ended by
Ctrl-C or SIGTERM (130 or 143) after removing any half-written output.`,
  options: {
    ...analysisOptions,
    ...depsOptions,
    out: { type: 'string', short: 'o' },
    outDir: { type: 'string' },
    validators: { type: 'string' },
    watch: { type: 'boolean', short: 'w' },
    'cache-dir': { type: 'string' },
    'no-cache': { type: 'boolean' },
  },
  maxPositionals: 1,
  async run(input) {
    const targets = buildTargetsOf(input)
    if (input.values.watch === true) {
      if (input.values.json === true) throw new UsageError('--json and --watch do not go together: --watch prints a summary line per rebuild')
      const { watchBuild } = await import('./watch-build.js')
      return watchBuild(input, targets)
    }
    const started = performance.now()
    const cache = cacheOf(input)
    const run = cache.enabled ? await cachedRun(input, cache.dir, started) : await uncachedRun(input, started)
    if (run.failed) {
      reportAnalysis(run, input)
      return 1
    }
    const cacheDir = cache.enabled ? run.cacheDir : undefined
    const { written, notes } = await writeBuildOutput(run, targets, cacheDir).finally(() => (targets.outDir === undefined ? undefined : endCompiler()))
    if (input.values.json !== true) for (const note of notes) process.stderr.write(`note: ${note}\n`)
    if (input.values.json !== true && targets.outDir !== undefined) for (const warning of mcpNameWarnings(run.root, targets.outDir)) process.stderr.write(`warning: ${warning}\n`)
    reportAnalysis(run, input, written)
    return 0
  },
}

/** `--no-cache`, `--cache-dir`: whether the build cache is used, and where (default: under the project root). */
function cacheOf(input: CommandInput): { enabled: boolean; dir?: string } {
  const dir = input.values['cache-dir']
  if (input.values['no-cache'] === true) {
    if (dir !== undefined) throw new UsageError('--cache-dir and --no-cache do not go together')
    return { enabled: false }
  }
  return { enabled: true, ...(typeof dir === 'string' && { dir: path.resolve(dir) }) }
}

/** One analysis with a checker over every tool module, closed before anything is written. */
async function uncachedRun(input: CommandInput, started: number): Promise<AnalysisRun & { cacheDir?: string }> {
  const builder = await createBuilder(input)
  try {
    return analysisRun(builder.build(), builder, started)
  } finally {
    // The native checker's process ends here, before anything is written, and is waited for.
    await builder.close()
  }
}

/** One analysis through the build cache: only the tool modules whose inputs changed are read by a checker. */
async function cachedRun(input: CommandInput, dir: string | undefined, started: number): Promise<AnalysisRun & { cacheDir: string }> {
  // Loaded on demand, like the analysis itself (see `createBuilder`).
  const [{ cachedBuild }, { CheckerUnavailableError }, { projectCheckers }] = await Promise.all([import('../analyze/cache/cached-build.js'), import('../analyze/index.js'), import('../backends/checkers.js')])
  let result
  try {
    result = await cachedBuild(builderOptionsOf(input), projectCheckers, dir === undefined ? {} : { dir })
  } catch (error) {
    if (error instanceof CheckerUnavailableError) throw new UserError(error.message)
    throw error
  }
  if (result.ignored !== undefined) process.stderr.write(`toolcat: ${result.ignored}\n`)
  if (result.derived.length > 0 && result.checker?.notice !== undefined) process.stderr.write(`toolcat: ${result.checker.notice}\n`)
  return { ...analysisRun(result, { root: result.root, checker: result.checker as CheckerInfo }, started), cacheDir: result.cacheDir }
}

/** A one-off build leaves no compiler process behind, and its CPU time is counted with the build's (see `stopCompiler`). */
async function endCompiler(): Promise<void> {
  const { stopCompiler } = await import('../emit/compiler/stop-compiler.js')
  await stopCompiler()
}
