import { readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { createCatalogBuilder, type BuildResult, type CatalogBuilder } from '../src/analyze/index.js'
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

/**
 * The catalog of one plugin instance. The first derivation analyses every tool; later ones hand
 * only the files that changed since to the builder, which refreshes them in its ts-morph project
 * instead of rebuilding it (watch mode and dev servers see many small edits).
 */
export class CatalogSession {
  /** The options this session analyses with. */
  readonly options: ResolvedPluginOptions
  readonly #location: ToolsLocation
  readonly #pending = new Map<string, FileChangeKind>()
  #builder: CatalogBuilder | undefined
  #derivation: BuildResult | undefined
  #sources = new Set<string>()

  constructor(options: ResolvedPluginOptions) {
    this.options = options
    this.#location = resolveLayout({ root: options.root, tools: options.tools }).location
  }

  /** The current catalog, re-derived first when files changed since the last call. */
  derive(): BuildResult {
    if (this.#builder === undefined || this.#derivation === undefined) {
      const { root, tools, tsconfig, deps, checker } = this.options
      this.#builder = createCatalogBuilder({ root, tools, checker, ...(tsconfig === undefined ? {} : { tsconfig }), ...(deps === undefined ? {} : { deps }) })
      this.#pending.clear()
      this.#derivation = this.#builder.build()
    } else if (this.#pending.size > 0) {
      const changes = [...this.#pending].map(([path, kind]) => ({ path, kind }))
      this.#pending.clear()
      this.#derivation = this.#builder.update(changes)
    } else {
      return this.#derivation
    }
    this.#sources = new Set(this.#builder.sourceFiles())
    return this.#derivation
  }

  /**
   * Releases the checker (the native one's process ends, and is waited for); a later `derive()`
   * starts over. Called when the bundler closes.
   */
  async close(): Promise<void> {
    const builder = this.#builder
    this.#builder = undefined
    this.#derivation = undefined
    await builder?.close()
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
    return this.#builder?.toolFiles() ?? []
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
