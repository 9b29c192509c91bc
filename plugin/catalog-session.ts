import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { createCatalogBuilder, type BuildResult, type CatalogBuilder } from '../src/analyze/index.js'
import type { ResolvedPluginOptions } from './options.js'

/** How a source file changed on disk. */
export type FileChangeKind = 'add' | 'change' | 'unlink'

const SOURCE_FILE = /\.[cm]?tsx?$/
const GLOB = /[*?{}[\]!]/

/**
 * The catalog of one plugin instance. The first derivation analyses every tool; later ones hand
 * only the files that changed since to the builder, which refreshes them in its ts-morph project
 * instead of rebuilding it (watch mode and dev servers see many small edits).
 */
export class CatalogSession {
  /** The options this session analyses with. */
  readonly options: ResolvedPluginOptions
  readonly #pending = new Map<string, FileChangeKind>()
  #builder: CatalogBuilder | undefined
  #derivation: BuildResult | undefined

  constructor(options: ResolvedPluginOptions) {
    this.options = options
  }

  /** The current catalog, re-derived first when files changed since the last call. */
  derive(): BuildResult {
    if (this.#builder === undefined || this.#derivation === undefined) {
      const { root, tools, tsconfig, deps } = this.options
      this.#builder = createCatalogBuilder({ root, tools, ...(tsconfig === undefined ? {} : { tsconfig }), ...(deps === undefined ? {} : { deps }) })
      this.#pending.clear()
      return (this.#derivation = this.#builder.build())
    }
    if (this.#pending.size > 0) {
      const changes = [...this.#pending].map(([path, kind]) => ({ path, kind }))
      this.#pending.clear()
      this.#derivation = this.#builder.update(changes)
    }
    return this.#derivation
  }

  /** The tools folder to watch for new tool files, when tools are given as a folder rather than globs. */
  get toolsFolder(): string | undefined {
    const { root, tools } = this.options
    return typeof tools === 'string' && !GLOB.test(tools) ? resolve(root, tools) : undefined
  }

  /** The tool modules found by the last derivation (absolute paths). */
  toolFiles(): string[] {
    return this.#builder?.toolFiles() ?? []
  }

  /**
   * Records a change for the next derivation; returns false for files that cannot affect the
   * catalog. Any TypeScript source outside node_modules may hold a type a tool's parameters use, so
   * the builder, not the plugin, decides what a change means.
   */
  queue(path: string, kind: FileChangeKind): boolean {
    if (!SOURCE_FILE.test(path) || path.split(sep).includes('node_modules')) return false
    // A file created and then edited before the next derivation is still new to the builder.
    this.#pending.set(path, this.#pending.get(path) === 'add' && kind === 'change' ? 'add' : kind)
    return true
  }

  /**
   * Compares the tools folder with the known tool files and queues what was added or deleted:
   * some watchers (webpack's, rspack's, esbuild's) report a folder that changed, not the file.
   */
  rescan(): void {
    const known = new Set(this.toolFiles())
    const folder = this.toolsFolder
    if (folder !== undefined && statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
      for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
        const file = join(folder, entry)
        if (!known.has(file) && SOURCE_FILE.test(file)) this.queue(file, 'add')
      }
    }
    for (const file of known) if (!existsSync(file)) this.queue(file, 'unlink')
  }
}
