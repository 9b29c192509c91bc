import { existsSync } from 'node:fs'
import path from 'node:path'
import { watch } from 'chokidar'
import { resolveLayout } from '../analyze/build-options.js'
import { ShownDiagnostics } from '../analyze/shown-diagnostics.js'
import type { BuildResult, CatalogBuilder, FileChange } from '../analyze/index.js'
import { onInterrupt } from '../emit/shared/interrupt.js'
import { builderOptionsOf } from './analysis-options.js'
import { analysisRun, checkerName, createBuilder, displayPath, displayWritten, printDiagnostics } from './analysis-run.js'
import { writeBuildOutput, type BuildTargets } from './build-output.js'
import { UserError, type CommandInput } from './command.js'
import { summaryLine } from './summary.js'
import { WatchedFiles } from './watched-files.js'

/** How long a burst of file events (an editor's save, a `git checkout`) is awaited before rebuilding. */
const debounceMs = 100

/**
 * `toolcat build --watch`: builds once, then rebuilds on every relevant change through the same
 * incremental builder the bundler plugins use (only the changed files are refreshed in its ts-morph
 * project). Each rebuild prints one summary line after its diagnostics, a warning only while it is
 * new (see ShownDiagnostics), an error each time it fails a rebuild, which leaves the last output as it was. Runs until SIGINT or SIGTERM, which remove any half-written output first
 * and then end the process.
 */
export async function watchBuild(input: CommandInput, targets: BuildTargets): Promise<number> {
  const started = performance.now()
  const options = builderOptionsOf(input)
  const layout = resolveLayout(options)
  const shown = new ShownDiagnostics()
  // A tools folder that is not there is a typo far more often than a folder still to come.
  if (!existsSync(layout.searched)) {
    const builder = await createBuilder(input)
    await rebuild(() => builder.build(), builder, targets, started, shown).finally(() => builder.close())
    return 1
  }
  const files = new WatchedFiles(layout, targets, options.tsconfig)
  // Watching starts before the first build, so that an edit made while it runs is not lost.
  const watcher = watch(files.roots(), { ignoreInitial: true, ignored: (file) => files.ignored(path.resolve(file)) })
  const pending = new Map<string, FileChange['kind']>()
  let timer: NodeJS.Timeout | undefined
  let running = true
  let builder: CatalogBuilder | undefined
  // Ctrl-C or SIGTERM between rebuilds ends the checker's process (the native one) and waits for it.
  onInterrupt(() => builder?.close())

  const flush = async (): Promise<void> => {
    const started = performance.now()
    const changes = [...pending].map(([file, kind]) => ({ path: file, kind }))
    pending.clear()
    // A new tsconfig, or a file that may resolve an import that failed, needs a fresh program.
    const current = builder === undefined || changes.some((change) => files.needsFreshBuilder(change)) ? undefined : builder
    if (current === undefined) {
      // A replaced builder's checker (the native one's process) is ended and waited for.
      await builder?.close()
      builder = await createBuilder(input)
    }
    const active = builder as CatalogBuilder
    const run = await rebuild(() => (current === undefined ? active.build() : current.update(changes)), active, targets, started, shown)
    const outside = files.update(builder?.sourceFiles() ?? [], run)
    if (outside.length > 0) watcher.add(outside)
  }
  const schedule = (): void => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      // One rebuild at a time: changes seen meanwhile wait for the next.
      if (running) return
      running = true
      // Whatever goes wrong in one rebuild is reported, and watching goes on.
      void flush()
        .catch((error: unknown) => process.stderr.write(`toolcat: rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`))
        .finally(() => {
          running = false
          if (pending.size > 0) schedule()
        })
    }, debounceMs)
  }
  for (const kind of ['add', 'change', 'unlink'] as const) {
    watcher.on(kind, (file: string) => {
      const absolute = path.resolve(file)
      if (!files.relevant(absolute, kind)) return
      // A file created and then edited before the rebuild is still new to the builder.
      pending.set(absolute, pending.get(absolute) === 'add' && kind === 'change' ? 'add' : kind)
      schedule()
    })
  }
  watcher.on('error', (error) => process.stderr.write(`toolcat: watching failed: ${error instanceof Error ? error.message : String(error)}\n`))
  // Ends only by a signal: this closes the watcher, then the signal ends the process.
  onInterrupt(async () => {
    clearTimeout(timer)
    await watcher.close()
  })
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
  // Changes seen during the first build are already in \`pending\`: the build reads them or a rebuild follows.
  pending.clear()
  await flush()
  running = false
  if (pending.size > 0) schedule()
  process.stderr.write(`toolcat: watching ${displayPath(layout.searched)} and the files its tools import; Ctrl-C to stop\n`)
  return new Promise<number>(() => {})
}

/**
 * One build's report: its diagnostics not `shown` by an earlier build, then one summary line (which
 * counts them all); the outputs are written only when it succeeded.
 */
async function rebuild(derive: () => BuildResult, builder: CatalogBuilder, targets: BuildTargets, started: number, shown: ShownDiagnostics): Promise<BuildResult> {
  const run = analysisRun(derive(), builder, started)
  printDiagnostics(run, shown.toShow(run.diagnostics))
  const line = (written?: string): string => summaryLine(run.catalog.tools.length, run.diagnostics, performance.now() - started, written, checkerName(run))
  if (run.failed) {
    process.stderr.write(`${line()} · last output kept\n`)
    return run
  }
  try {
    const { written, notes } = await writeBuildOutput(run, targets)
    for (const note of notes) process.stderr.write(`note: ${note}\n`)
    process.stderr.write(`${line(displayWritten(written))}\n`)
  } catch (error) {
    if (!(error instanceof UserError)) throw error
    process.stderr.write(`toolcat: ${error.message} · last output kept\n`)
  }
  return run
}
