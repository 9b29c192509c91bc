import path from 'node:path'
import { toPosix } from '../../paths.js'
import type { CatalogTool } from '../../runtime/catalog.js'

/** Where generated code finds its imports: the CLI's output folder or a bundler's virtual modules. */
export interface EmitTarget {
  /** Specifier by which generated code imports a tool's handler module (CLI: the source path handed to esbuild; plugin: absolute source path). */
  handlerSpecifier(tool: CatalogTool): string
  /** Specifier of a tool's lazy entry module (handler re-export + its validator). */
  entrySpecifier(tool: CatalogTool): string
  /** 'precompiled' (default): standalone validators generated at build time (toolcat's own generator, ajv's outside its subset); 'runtime': compiled with ajv on first call. */
  validators: 'precompiled' | 'runtime'
  /**
   * Specifier by which a tool's entry module imports its precompiled validator when that lives in a
   * module of its own (the CLI's output); without it the validator is generated into the entry.
   */
  validatorSpecifier?(tool: CatalogTool): string
  /** Specifier of the catalog's search index module (`search.js`, `~toolcat/search`), imported on a registry's first search; without it a registry builds its index from its definitions. */
  searchSpecifier?: string
  /** Specifier of the toolcat runtime. @default 'toolcat' */
  runtimeSpecifier?: string
  /**
   * Specifier by which a validator generated into an entry imports one export of
   * `toolcat/validator-runtime` (ajv's run-time helpers). @default 'toolcat/validator-runtime' for every export
   */
  validatorRuntimeSpecifier?(exported: string): string
}

/**
 * How generated code imports a tool's handler module from source: the project's own tools by
 * absolute forward-slash path (generated modules have no folder of their own to be relative to),
 * a tool merged from a dependency's catalog by its package specifier.
 */
export function sourceSpecifier(tool: CatalogTool, root: string): string {
  if (tool.source.package !== undefined) return tool.source.module
  return toPosix(path.resolve(root, tool.source.module))
}
