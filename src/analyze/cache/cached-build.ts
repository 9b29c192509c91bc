import path from 'node:path'
import { createViewSchemaGenerator } from '../../schema/generator.js'
import { toPosix } from '../../paths.js'
import { assembleCatalog } from '../assemble-catalog.js'
import type { CheckerInfo, Checkers } from '../backend.js'
import { resolveLayout, type BuildOptions } from '../build-options.js'
import { backendRequest, finishBuild, ownSourceFiles, type BuildResult, type ModuleContribution } from '../catalog-builder.js'
import { findToolFiles } from '../find-tool-files.js'
import { diagnosticFor } from '../locate.js'
import { ModuleReader } from '../module-reader.js'
import { deriveModules, namesOf } from '../module-result.js'
import { readPackageInfo } from '../package-info.js'
import { namedTool } from '../unique-names.js'
import { cacheFileOf, fileHash, readCacheFile, writeCacheFile } from './cache-file.js'
import { cacheKey, defaultCacheDir } from './cache-key.js'
import { isAnalysisCache, type AnalysisCache, type CachedModule } from './cached-module.js'

/** Where a build keeps its cache. */
export interface BuildCacheOptions {
  /** The cache folder; default `<root>/node_modules/.cache/toolcat`. */
  readonly dir?: string
}

/** A build through the cache: its result, and what the cache did. */
export interface CachedBuildResult extends BuildResult {
  readonly root: string
  /** The checker that read the types, this time or, when none was started, when they were last read. */
  readonly checker?: CheckerInfo
  /** The tool modules derived again (absolute paths); none means no checker was started. */
  readonly derived: readonly string[]
  /** One line saying why the cache file found was ignored (corrupt, foreign), when it was. */
  readonly ignored?: string
  /** The cache folder used. */
  readonly cacheDir: string
  /** The tool modules and every other file their types were read from (absolute paths, sorted): what a watcher must watch. */
  readonly sourceFiles: readonly string[]
}

/** A derivation through the cache, and the end of the checker it started (resolved at once when none was). */
export interface CachedDerivation {
  readonly result: CachedBuildResult
  /** Settles when the checker's process (the native one's) has ended. */
  readonly closed: Promise<void>
}

/**
 * Builds the catalog like `createCatalogBuilder(options).build()`, but keeps each tool module's
 * result in a cache file keyed by the content of every file it was derived from: the module
 * itself, the tool modules it imports, and every other source file of the program that read it
 * (shared types, declarations of packages), plus `cacheKey` (toolcat, the checker, the options,
 * the tsconfig). Only the modules whose inputs changed are derived again, by a checker opened on
 * them alone; with nothing changed no checker is started. The cache is written only after a
 * build without errors, atomically; one that fails its checks is ignored with a one-line reason.
 */
export async function cachedBuild(options: BuildOptions, checkers: Checkers, cacheOptions: BuildCacheOptions = {}): Promise<CachedBuildResult> {
  const { result, closed } = cachedDerivation(options, checkers, cacheOptions)
  await closed
  return result
}

/**
 * `cachedBuild` for callers that cannot wait (a bundler plugin's synchronous hooks): the result at
 * once, and the checker's end as a promise to await before the process may exit.
 */
export function cachedDerivation(options: BuildOptions, checkers: Checkers, cacheOptions: BuildCacheOptions = {}): CachedDerivation {
  const layout = resolveLayout(options)
  const files = findToolFiles(layout.location)
  const request = backendRequest(layout, options.tsconfig, files)
  const key = cacheKey(layout, options, request.tsconfig, checkers.identity(layout.root, options.checker ?? 'auto'))
  const cacheDir = path.resolve(cacheOptions.dir ?? defaultCacheDir(layout.root))
  const file = cacheFileOf(cacheDir, 'analysis', { root: layout.root, tools: layout.location, tsconfig: request.tsconfig ?? null })
  const read = readCacheFile(file, isAnalysisCache)
  const ignored = 'ignored' in read ? `ignoring the build cache ${file}: ${read.ignored}` : undefined
  const previous = 'body' in read && read.body.key === key ? read.body : undefined
  const relative = (file: string): string => toPosix(path.relative(layout.root, file))
  const hashes = new Map(files.map((file) => [file, fileHash(file) ?? '']))
  const reused = previous === undefined ? new Map<string, CachedModule>() : reusable(previous, files, hashes, relative, layout.root)
  const stale = files.filter((file) => !reused.has(file))
  let checker = previous?.checker
  const derived = new Map<string, CachedModule>()
  let closed = Promise.resolve()
  const shared: Record<string, string> = reused.size > 0 && previous !== undefined ? { ...previous.shared } : {}
  if (stale.length > 0) {
    const setup = checkers.open(options.checker ?? 'auto', { ...request, toolFiles: stale })
    if ('problem' in setup) {
      const diagnostics = [diagnosticFor(layout.root, setup.tsconfig, setup.problem)]
      const result = { catalog: assembleCatalog([], readPackageInfo(layout.root)), diagnostics, root: layout.root, checker: setup.info, derived: stale, cacheDir, sourceFiles: files, ...(ignored && { ignored }) }
      return { result, closed: Promise.resolve() }
    }
    try {
      const { view } = setup.backend
      checker = setup.backend.info
      const readers = stale.map((file) => {
        const module = view.module(file)
        return module === undefined ? undefined : new ModuleReader(view, module, layout.root)
      })
      const present = readers.filter((reader): reader is ModuleReader => reader !== undefined)
      const results = deriveModules(present, createViewSchemaGenerator<unknown>())
      let next = 0
      readers.forEach((reader, index) => {
        const result = reader === undefined ? undefined : results[next++]
        const module: CachedModule = {
          hash: hashes.get(stale[index] as string) ?? '',
          importedNames: result === undefined ? [] : [...result.importedNames],
          entries: result?.entries ?? [],
          diagnostics: result?.diagnostics ?? [],
          names: result === undefined ? [] : result.drafts.map(namedTool).map((tool) => ({ name: tool.name, site: tool.locate() })),
        }
        derived.set(stale[index] as string, module)
      })
      const tools = new Set(files)
      for (const source of setup.backend.programFiles()) {
        const absolute = path.resolve(source)
        if (!tools.has(absolute)) shared[relative(absolute)] = fileHash(absolute) ?? ''
      }
      closed = setup.backend.close()
    } catch (error) {
      // The checker still ends (a live child keeps the process up until it has); the error is what matters.
      setup.backend.close().catch(() => undefined)
      throw error
    }
  }
  const modules = files.map((file) => (reused.get(file) ?? derived.get(file)) as CachedModule)
  const result = finishBuild(layout, options, modules.map(contribution))
  if (!result.diagnostics.some((diagnostic) => diagnostic.severity === 'error') && (stale.length > 0 || files.length !== Object.keys(previous?.modules ?? {}).length)) {
    const body: AnalysisCache = { key, ...(checker && { checker }), shared, modules: Object.fromEntries(files.map((file, index) => [relative(file), modules[index] as CachedModule])) }
    writeCacheFile(file, body)
  }
  const sourceFiles = ownSourceFiles(Object.keys(shared).map((source) => path.resolve(layout.root, source)), files)
  return { result: { ...result, root: layout.root, ...(checker && { checker }), derived: stale, cacheDir, sourceFiles, ...(ignored && { ignored }) }, closed }
}

/**
 * The cached modules still valid: every shared file unchanged, and for each tool module the same
 * content and no import of a tool module that changed, appeared or disappeared.
 */
function reusable(previous: AnalysisCache, files: readonly string[], hashes: ReadonlyMap<string, string>, relative: (file: string) => string, root: string): Map<string, CachedModule> {
  const kept = new Map<string, CachedModule>()
  for (const [source, hash] of Object.entries(previous.shared)) if (fileHash(path.resolve(root, source)) !== hash) return kept
  const current = new Set(files.map(relative))
  const touched = new Set<string>()
  for (const file of files) if (previous.modules[relative(file)]?.hash !== hashes.get(file)) namesOf(file).forEach((name) => touched.add(name))
  for (const gone of Object.keys(previous.modules)) if (!current.has(gone)) namesOf(path.resolve(root, gone)).forEach((name) => touched.add(name))
  for (const file of files) {
    const cached = previous.modules[relative(file)]
    if (cached === undefined || cached.hash !== hashes.get(file)) continue
    if (cached.importedNames.some((name) => touched.has(name))) continue
    kept.set(file, cached)
  }
  return kept
}

function contribution(module: CachedModule): ModuleContribution {
  return { entries: module.entries, diagnostics: module.diagnostics, tools: module.names.map((named) => ({ name: named.name, locate: () => named.site })) }
}
