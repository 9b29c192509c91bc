import { readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { createCatalogBuilder, type BuildOptions, type BuildResult, type CatalogBuilder } from '../src/analyze/index.js'
import { cachedDerivation } from '../src/analyze/cache/cached-build.js'
import { projectCheckers } from '../src/backends/checkers.js'
import { resolveLayout } from '../src/analyze/build-options.js'
import { findToolFiles, globBase, isInToolsLocation, type ToolsLocation } from '../src/analyze/find-tool-files.js'
import type { ResolvedPluginOptions } from './options.js'

/** The nearest existing folder at or above `path`. */
function nearestFolder(path: string): string {
  for (let folder = path; ; folder = dirname(folder)) {
    if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() || dirname(folder) === folder) return folder
  }
}

/** How a source file changed on disk. */
export type FileChangeKind = 'add' | 'change' | 'unlink'

const SOURCE_FILE = /\.[cm]?tsx?$/

/** How many times in a row `derive()` reads again the files saved while it read them. */
const MAX_REREADS = 3

/** Each file's modification time and size, `missing` for a file that is gone. */
function fileStates(files: Iterable<string>): Map<string, string> {
  const states = new Map<string, string>()
  for (const file of files) {
    const stat = statSync(file, { throwIfNoEntry: false })
    states.set(file, stat === undefined ? 'missing' : `${stat.mtimeMs}:${stat.size}`)
  }
  return states
}

/**
 * The catalog of one plugin instance. The first derivation goes through the build cache (shared
 * with `toolcat build`): only the tool modules whose inputs changed are analysed, by a checker
 * opened on them alone, and none at all when nothing changed. The first change after that starts
 * the live builder, and later ones hand it only the files that changed, which it refreshes in its
 * program instead of rebuilding it (watch mode and dev servers see many small edits). Without a
 * cache, the first derivation starts the live builder.
 */
export class CatalogSession {
  /** The options this session analyses with. */
  readonly options: ResolvedPluginOptions
  readonly #location: ToolsLocation
  readonly #pending = new Map<string, FileChangeKind>()
  #builder: CatalogBuilder | undefined
  // The ends of the checkers cached derivations started, awaited on close.
  readonly #closing: Promise<void>[] = []
  #derivation: BuildResult | undefined
  #sources = new Set<string>()
  #cachedToolFiles: string[] = []
  // Each source file's state (see fileStates) as the checker found it, for queueChangedSinceRead.
  #readStates = new Map<string, string>()

  constructor(options: ResolvedPluginOptions) {
    this.options = options
    this.#location = resolveLayout({ root: options.root, tools: options.tools }).location
  }

  /**
   * The current catalog, re-derived first when files changed since the last call. A file saved
   * while the checker was reading it is derived again at once: its state is taken before each
   * derivation and compared after it (an editor's second save, or a watcher's rebuild that races
   * the first one, would otherwise leave a catalog older than the files the bundler then watches).
   */
  derive(): BuildResult {
    for (let pass = 0; ; pass++) {
      if (this.#derivation !== undefined && this.#pending.size === 0) return this.#derivation
      const before = fileStates([...this.#sources, ...this.#pending.keys()])
      const derivation = this.#deriveOnce()
      const after = fileStates(this.#sources)
      // A file first met in this derivation (a type file a tool began to import) is taken as found after it.
      this.#readStates = new Map([...after].map(([file, state]) => [file, before.get(file) ?? state]))
      // Bounded: a file rewritten without pause is picked up by the next change instead.
      if (pass === MAX_REREADS || this.queueChangedSinceRead() === 0) return derivation
    }
  }

  /**
   * Queues the files the current catalog was derived from whose state on disk differs from the
   * one they had when the checker read them, for watchers told nothing of what changed (esbuild's);
   * returns how many were queued.
   */
  queueChangedSinceRead(): number {
    let queued = 0
    for (const [file, state] of fileStates(this.#readStates.keys())) {
      if (state !== this.#readStates.get(file) && this.queue(file, state === 'missing' ? 'unlink' : 'change')) queued++
    }
    return queued
  }

  #deriveOnce(): BuildResult {
    if (this.#derivation === undefined && this.options.cacheDir !== undefined) {
      this.#pending.clear()
      const { result, closed } = cachedDerivation(this.#buildOptions(), projectCheckers, { dir: this.options.cacheDir })
      this.#closing.push(closed)
      this.#sources = new Set(result.sourceFiles)
      // The tool files as found, so that a rescan before the live builder starts queues nothing unchanged.
      this.#cachedToolFiles = findToolFiles(this.#location)
      this.#derivation = result
      return result
    }
    if (this.#builder === undefined) {
      // The first derivation without a cache, or the first change after one from the cache: the
      // live builder reads every tool (the files on disk already hold the pending changes).
      this.#builder = createCatalogBuilder(this.#buildOptions(), projectCheckers)
      this.#pending.clear()
      this.#derivation = this.#builder.build()
    } else {
      const changes = [...this.#pending].map(([path, kind]) => ({ path, kind }))
      this.#pending.clear()
      this.#derivation = this.#builder.update(changes)
    }
    this.#sources = new Set(this.#builder.sourceFiles())
    return this.#derivation
  }

  #buildOptions(): BuildOptions {
    const { root, tools, tsconfig, deps, checker } = this.options
    return { root, tools, checker, ...(tsconfig === undefined ? {} : { tsconfig }), ...(deps === undefined ? {} : { deps }) }
  }

  /**
   * Releases the checker (the native one's process ends, and is waited for); a later `derive()`
   * starts over. Called when the bundler closes.
   */
  async close(): Promise<void> {
    const builder = this.#builder
    const closing = this.#closing.splice(0)
    this.#builder = undefined
    this.#derivation = undefined
    this.#readStates.clear()
    await Promise.all([builder?.close(), ...closing])
  }

  /**
   * Where a new tool file may appear, for watchers that must be told: the tools folder, the single
   * tool file `tools` names, or the folder each glob starts from.
   */
  watchTargets(): string[] {
    if ('folder' in this.#location) return [this.#location.folder]
    return [...new Set(this.#location.patterns.map(globBase))].sort()
  }

  /**
   * The watch targets that are folders and every folder below them (outside node_modules), for
   * watchers that do not recurse; for a target not created yet, the nearest folder above it, whose
   * entries change when it is.
   */
  watchFolders(): string[] {
    const folders = new Set<string>()
    const visit = (folder: string): void => {
      folders.add(folder)
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory() && entry.name !== 'node_modules') visit(join(folder, entry.name))
      }
    }
    for (const target of this.watchTargets()) {
      const stat = statSync(target, { throwIfNoEntry: false })
      if (stat?.isDirectory()) visit(target)
      else if (stat === undefined) folders.add(nearestFolder(target))
    }
    return [...folders].sort()
  }

  /** The tool modules found by the last derivation (absolute paths). */
  toolFiles(): string[] {
    return this.#builder?.toolFiles() ?? this.#cachedToolFiles
  }

  /** The tool modules and the project files their types reached, as of the last derivation (absolute paths, sorted). */
  sourceFiles(): string[] {
    return [...this.#sources]
  }

  /**
   * Records a change for the next derivation; returns false for files that cannot affect the
   * catalog: only a file the last derivation read (a tool module or a file its types reached) or a
   * new tool module can. Any other edit of the app (its own code, say) is left alone, where handing
   * it to the builder would make it re-derive every tool.
   */
  queue(path: string, kind: FileChangeKind): boolean {
    const file = resolve(path)
    if (!SOURCE_FILE.test(file) || file.split(sep).includes('node_modules') || file === this.options.dts) return false
    if (!this.#sources.has(file) && !isInToolsLocation(this.#location, file)) return false
    // A file created and then edited before the next derivation is still new to the builder.
    this.#pending.set(file, this.#pending.get(file) === 'add' && kind === 'change' ? 'add' : kind)
    return true
  }

  /**
   * Compares the tool files on disk (in the folder, or matching the globs) with the known ones and
   * queues what was added or deleted: some watchers (webpack's, rspack's, esbuild's) report a
   * folder that changed, or nothing at all, rather than the file.
   */
  rescan(): void {
    const known = new Set(this.toolFiles())
    const found = new Set(findToolFiles(this.#location))
    for (const file of found) if (!known.has(file)) this.queue(file, 'add')
    for (const file of known) if (!found.has(file)) this.queue(file, 'unlink')
  }
}
