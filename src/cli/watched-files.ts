import path from 'node:path'
import type { BuildLayout } from '../analyze/build-options.js'
import { codes } from '../analyze/codes.js'
import type { BuildResult, FileChange } from '../analyze/index.js'
import { isInToolsLocation } from '../analyze/find-tool-files.js'
import type { BuildTargets } from './build-output.js'

const sourceFile = /\.[cm]?tsx?$/

/**
 * What `toolcat build --watch` watches and which of its events matter. The project root is watched
 * as a whole (node_modules, .git and the build's own outputs aside), so new tool modules, type files
 * and folders are seen wherever they appear; files outside the root that tools import are watched
 * one by one. An event matters when it touches a tool module, a file the last build read, the
 * tsconfig or package.json — or adds a source file while an import does not resolve.
 */
export class WatchedFiles {
  readonly #layout: BuildLayout
  readonly #root: string
  readonly #tsconfig: string
  readonly #packageJson: string
  readonly #outputs: readonly string[]
  #read = new Set<string>()
  #unresolved = false

  constructor(layout: BuildLayout, targets: BuildTargets, tsconfig: string | undefined) {
    this.#layout = layout
    this.#root = layout.root
    this.#tsconfig = tsconfig ?? path.join(layout.root, 'tsconfig.json')
    this.#packageJson = path.join(layout.root, 'package.json')
    this.#outputs = [targets.outDir, targets.out].filter((output) => output !== undefined)
  }

  /** The paths to hand the watcher at start: the root, and the tsconfig when it lives elsewhere. */
  roots(): string[] {
    return [this.#root, ...(this.#isUnderRoot(this.#tsconfig) ? [] : [this.#tsconfig])]
  }

  /** Paths the watcher should not even look at. */
  ignored(file: string): boolean {
    const segments = path.relative(this.#root, file).split(path.sep)
    if (segments.includes('node_modules') || segments.includes('.git')) return true
    return this.#outputs.some((output) => file === output || file.startsWith(`${output}${path.sep}`) || file.startsWith(`${output}.`))
  }

  /** Whether an event for `file` (absolute) can change the catalog. */
  relevant(file: string, kind: FileChange['kind']): boolean {
    if (file === this.#tsconfig || file === this.#packageJson) return true
    if (!sourceFile.test(file)) return false
    if (isInToolsLocation(this.#layout.location, file) || this.#read.has(file)) return true
    return kind === 'add' && this.#unresolved
  }

  /** Whether the builder must start over rather than update: the tsconfig changed, or a new file may resolve a failed import. */
  needsFreshBuilder(change: FileChange): boolean {
    if (change.path === this.#tsconfig) return true
    return change.kind === 'add' && !isInToolsLocation(this.#layout.location, change.path) && !this.#read.has(change.path)
  }

  /** Records what the last build read; returns the files outside the root to start watching. */
  update(read: readonly string[], result: BuildResult): string[] {
    const before = this.#read
    this.#read = new Set(read)
    this.#unresolved = result.diagnostics.some((diagnostic) => diagnostic.code === codes.unresolvedImport)
    return read.filter((file) => !before.has(file) && !this.#isUnderRoot(file))
  }

  #isUnderRoot(file: string): boolean {
    const relative = path.relative(this.#root, file)
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
  }
}
