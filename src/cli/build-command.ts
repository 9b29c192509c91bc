import { analysisOptions, checkerHelp } from './analysis-options.js'
import { analysisRun, createBuilder, reportAnalysis } from './analysis-run.js'
import { buildTargetsOf, writeBuildOutput } from './build-output.js'
import { UsageError, type Command } from './command.js'
import { depsHelp, depsOptions } from './deps-options.js'

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
    const builder = await createBuilder(input)
    let run
    try {
      run = analysisRun(builder.build(), builder, started)
    } finally {
      // The native checker's process ends here, before anything is written, and is waited for.
      await builder.close()
    }
    if (run.failed) {
      reportAnalysis(run, input)
      return 1
    }
    const { written, notes } = await writeBuildOutput(run, targets).finally(() => (targets.outDir === undefined ? undefined : endCompiler()))
    if (input.values.json !== true) for (const note of notes) process.stderr.write(`note: ${note}\n`)
    reportAnalysis(run, input, written)
    return 0
  },
}

/** A one-off build leaves no compiler process behind, and its CPU time is counted with the build's (see `stopCompiler`). */
async function endCompiler(): Promise<void> {
  const { stopCompiler } = await import('../emit/stop-compiler.js')
  await stopCompiler()
}
