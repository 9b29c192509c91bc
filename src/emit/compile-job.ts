import { readFileSync } from 'node:fs'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { EmitTarget } from './emit-target.js'
import { toolcatNamesImported } from './toolcat-imports.js'
import { helperModulePath } from './validator-modules.js'

/** What a compiler engine compiles: every tool's lazy entry, plus the modules of validator helpers. */
export interface CompileJob {
  readonly catalog: Catalog
  /** The project root: output paths and inputs are relative to it, never absolute in the output. */
  readonly root: string
  readonly target: EmitTarget
  /** A tool's file name under `tools/`, without `.js`. */
  readonly fileOf: (tool: CatalogTool) => string
  /** The exports of `validator-runtime` the validators use (see `emitValidatorModules`). */
  readonly helpers: readonly string[]
}

/** One compiled file, relative to the output folder: generated text, or the bytes the compiler produced. */
export interface CompiledOutput {
  readonly path: string
  readonly contents: string | Uint8Array
}

/** What an engine produced: the output files, and the files on disk it read (absolute, sorted). */
export interface CompileResult {
  readonly outputs: readonly CompiledOutput[]
  readonly inputs: string[]
}

/** A module of validator helpers to compile: the `validator-runtime` exports it re-exports (comma-joined) and its output path without `.js`. */
export interface HelperEntry {
  readonly exports: string
  readonly out: string
}

/**
 * One entry a module of helpers (`helperModulePath`): the used exports of one file of toolcat's
 * `validator-runtime`, in a stable order, so a validator using `format` never loads re2js.
 */
export function helperEntries(helpers: readonly string[]): HelperEntry[] {
  const byModule = new Map<string, string[]>()
  for (const exported of helpers) {
    const module = helperModulePath(exported)
    byModule.set(module, [...(byModule.get(module) ?? []), exported])
  }
  return [...byModule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([module, exports]) => ({ exports: exports.join(','), out: module.slice(0, -'.js'.length) }))
}

/** The handler specifiers of tools merged from dependencies: imported from their package at run time. */
export function packageHandlers(catalog: Catalog, target: EmitTarget): Set<string> {
  return new Set(catalog.tools.filter((tool) => tool.source.package !== undefined).map((tool) => target.handlerSpecifier(tool)))
}

/** The names a module imports from `toolcat` (see `toolcatNamesImported`), or undefined when its source cannot tell. */
export function importedNames(importer: string): string[] | undefined {
  try {
    return toolcatNamesImported(readFileSync(importer, 'utf8'))
  } catch {
    return undefined
  }
}
