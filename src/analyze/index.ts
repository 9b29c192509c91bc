import { createCatalogBuilder, type BuildResult } from './catalog-builder.js'
import type { Checkers } from './backend.js'
import type { BuildOptions } from './build-options.js'

export { CheckerUnavailableError, checkerChoices, type CheckerChoice, type CheckerIdentity, type CheckerInfo, type CheckerName, type Checkers } from './backend.js'
export type { BuildOptions } from './build-options.js'
export { createCatalogBuilder } from './catalog-builder.js'
export type { BuildResult, CatalogBuilder, FileChange } from './catalog-builder.js'
export { codes, type DiagnosticCode } from './codes.js'
export type { Diagnostic, DiagnosticSeverity, DiagnosticTool } from './diagnostic.js'

/** Reads the tool modules once with the checker `checkers` opens and returns their catalog and diagnostics; never imports or runs them. */
export function buildCatalog(options: BuildOptions, checkers: Checkers): BuildResult {
  const builder = createCatalogBuilder(options, checkers)
  try {
    return builder.build()
  } finally {
    // Not awaited (this function is synchronous): the native checker's process is ended now and
    // stays referenced until it has exited, so the Node process waits for it before exiting.
    void builder.close()
  }
}
