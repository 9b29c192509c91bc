import { createCatalogBuilder, type BuildResult } from './catalog-builder.js'
import type { BuildOptions } from './build-options.js'

export { CheckerUnavailableError, checkerChoices, type CheckerChoice, type CheckerInfo, type CheckerName } from './backend.js'
export type { BuildOptions } from './build-options.js'
export { createCatalogBuilder } from './catalog-builder.js'
export type { BuildResult, CatalogBuilder, FileChange } from './catalog-builder.js'
export { codes, type DiagnosticCode } from './codes.js'
export type { Diagnostic, DiagnosticSeverity, DiagnosticTool } from './diagnostic.js'

/** Reads the tool modules once and returns their catalog and diagnostics; never imports or runs them. */
export function buildCatalog(options?: BuildOptions): BuildResult {
  const builder = createCatalogBuilder(options)
  try {
    return builder.build()
  } finally {
    // Not awaited (this function is synchronous): the native checker's process is ended now and
    // stays referenced until it has exited, so the Node process waits for it before exiting.
    void builder.close()
  }
}
