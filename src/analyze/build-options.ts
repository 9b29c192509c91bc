import { existsSync } from 'node:fs'
import path from 'node:path'
import type { CheckerChoice } from './backend.js'
import type { DependencyOption } from './deps/index.js'
import { globBase, type ToolsLocation } from './find-tool-files.js'

/** Where to read tools from and how to type-check them. */
export interface BuildOptions {
  /** Project root; default: the nearest folder at or above the tools folder holding a package.json. */
  root?: string
  /**
   * Tools folder or globs (relative to root when relative).
   * @default 'tools'
   */
  tools?: string | readonly string[]
  /** tsconfig path; default: <root>/tsconfig.json when present, else sensible defaults. */
  tsconfig?: string
  /**
   * Merge the catalogs that the root package.json's `dependencies` publish (docs/publishing.md);
   * `prefix` renames one package's tools (`{ 'weather-pack': 'wx_' }`) to resolve a name clash.
   * @default false
   */
  deps?: DependencyOption
  /**
   * The checker that reads the types: `native` is the TypeScript 7 checker of the project's own
   * `typescript` package (a supported 7.x), `ts-morph` the TypeScript 6 bundled with toolcat, `auto`
   * the native one when the project's `typescript` is a supported 7.x that loads, else ts-morph.
   * Both give byte-identical catalogs.
   * @default 'auto'
   */
  checker?: CheckerChoice
}

/** The absolute project root and tool location that a set of options denotes. */
export interface BuildLayout {
  readonly root: string
  readonly location: ToolsLocation
  /** The folder searched, for messages when nothing is found. */
  readonly searched: string
}

const globCharacters = /[*?{[]/

/** Resolves the options against the file system: relative tools paths against root, else cwd. */
export function resolveLayout(options: BuildOptions): BuildLayout {
  const tools = options.tools ?? 'tools'
  const patterns = typeof tools === 'string' ? [tools] : [...tools]
  const base = options.root === undefined ? process.cwd() : path.resolve(options.root)
  const absolute = patterns.map((pattern) => path.resolve(base, pattern))
  const isFolder = absolute.length === 1 && !globCharacters.test(patterns[0] ?? '')
  const searched = isFolder ? (absolute[0] as string) : globBase(absolute[0] ?? base)
  const root = options.root === undefined ? (packageRoot(searched) ?? path.dirname(searched)) : base
  return { root, location: isFolder ? { folder: searched } : { patterns: absolute }, searched }
}

function packageRoot(from: string): string | undefined {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder
    if (path.dirname(folder) === folder) return undefined
  }
}
