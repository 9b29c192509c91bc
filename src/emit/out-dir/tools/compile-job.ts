import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Catalog, CatalogTool } from '../../../runtime/catalog.js'
import type { EmitTarget } from '../../shared/emit-target.js'
import { stringLiteral } from '../../shared/literals.js'
import { toolcatNamesImported } from '../../shared/toolcat-imports.js'
import { helperModulePath } from '../../validators/validator-modules.js'
import { validatorRuntimeFile } from '../../validators/validator-runtime-names.js'

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

/**
 * Where toolcat's own modules are, for both engines: generated modules resolve from here (ajv's
 * helpers are toolcat's dependency), and `toolcat` itself is taken from here.
 */
export const toolcatDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The folder of toolcat's `validator-runtime` files, whose ajv and re2js imports resolve from toolcat. */
export const validatorRuntimeDir = path.join(toolcatDir, '../runtime/validator-runtime')

/** The source of one helper module: the given exports of their `validator-runtime` file, re-exported. */
export function helperModuleSource(exports: readonly string[]): string {
  const source = path.join(validatorRuntimeDir, `${validatorRuntimeFile(exports[0] as string)}.js`)
  return `export { ${exports.join(', ')} } from ${stringLiteral(source)}\n`
}
