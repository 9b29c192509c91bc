import { createCatalogBuilder, type BuildResult } from './catalog-builder.js'
import type { BuildOptions } from './build-options.js'

export type { BuildOptions } from './build-options.js'
export { createCatalogBuilder } from './catalog-builder.js'
export type { BuildResult, CatalogBuilder, FileChange } from './catalog-builder.js'
export { codes, type DiagnosticCode } from './codes.js'
export type { Diagnostic, DiagnosticSeverity } from './diagnostic.js'

/** Reads the tool modules once and returns their catalog and diagnostics; never imports or runs them. */
export function buildCatalog(options?: BuildOptions): BuildResult {
  return createCatalogBuilder(options).build()
}
