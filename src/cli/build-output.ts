import path from 'node:path'
import { serializeCatalog } from '../emit/catalog/catalog-json.js'
import { ToolCompileError } from '../emit/out-dir/tools/tool-compile-error.js'
import { writeFilesAtomically, type FileToWrite } from '../emit/shared/write-files.js'
import type { AnalysisRun } from './analysis-run.js'
import { UsageError, UserError, type CommandInput } from './command.js'
import { outputCache } from './output-cache.js'

/** Where `toolcat build` writes: `--out`, `--outDir`, and how validators are made. */
export interface BuildTargets {
  /** The catalog file (absolute); by default `<root>/catalog.json` when there is no `--outDir`. */
  readonly out: string | undefined
  /** The output folder (absolute), when `--outDir` is given. */
  readonly outDir: string | undefined
  readonly validators: 'precompiled' | 'runtime'
}

/** What one build wrote: the path to show in the summary, and notes worth a line of their own. */
export interface BuildWrite {
  /** What the summary line names after `→`: the catalog file and/or the output folder. */
  readonly written: readonly string[]
  readonly notes: readonly string[]
}

/** Reads `--out`, `--outDir` and `--validators` (paths relative to the working directory). */
export function buildTargetsOf(input: CommandInput): BuildTargets {
  const mode = input.values.validators ?? 'precompiled'
  if (mode !== 'precompiled' && mode !== 'runtime') throw new UsageError(`--validators must be precompiled or runtime, not ${String(mode)}`)
  const outDir = typeof input.values.outDir === 'string' ? path.resolve(input.values.outDir) : undefined
  const out = typeof input.values.out === 'string' ? path.resolve(input.values.out) : undefined
  return { out, outDir, validators: mode }
}

/**
 * Writes a successful run's outputs, all in one atomic batch: the catalog file and/or the output
 * folder. With a `cacheDir`, an output folder whose files, catalog and compiled sources are as the
 * last build there left them is not written again (only the `--out` file is). A failure is a `UserError` naming what could not be written; nothing was replaced then.
 */
export async function writeBuildOutput(run: AnalysisRun, targets: BuildTargets, cacheDir?: string): Promise<BuildWrite> {
  const { outDir, validators } = targets
  const out = targets.out ?? (outDir === undefined ? path.join(run.root, 'catalog.json') : undefined)
  const catalogText = serializeCatalog(run.catalog)
  const catalogFile: FileToWrite[] = out === undefined ? [] : [{ path: out, contents: catalogText }]
  try {
    if (outDir === undefined) {
      writeFilesAtomically(catalogFile)
      return { written: [out ?? run.root], notes: [] }
    }
    const written = out === undefined ? [outDir] : [out, outDir]
    // With a cache, an output folder already holding what this build would write is left alone.
    const cache = cacheDir === undefined ? undefined : outputCache(cacheDir, outDir, catalogText, validators)
    if (cache?.unchanged() === true) {
      writeFilesAtomically(catalogFile)
      return { written, notes: [] }
    }
    // Loaded on demand: esbuild and the generators are only needed with --outDir.
    const { writeOutDir } = await import('../emit/out-dir/write-out-dir.js')
    const validatorMemo = cache?.memo()
    // Compiled modules the last build left intact are linked into the new generation, not written again.
    const intact = cache?.intact()
    const result = await writeOutDir(run.catalog, { root: run.root, outDir, validators, ...(validatorMemo && { validatorMemo }), ...(intact && { intact }) }, catalogFile)
    if (cache !== undefined && validatorMemo !== undefined) cache.record(result.files, result.inputs, validatorMemo, result.hashes)
    return { written, notes: result.moduleType === undefined ? [] : [result.moduleType] }
  } catch (error) {
    if (error instanceof ToolCompileError) throw new UserError(`cannot compile the tool modules for ${outDir}: ${error.message}`)
    throw new UserError(`cannot write ${out ?? outDir}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
