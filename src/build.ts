// `toolcat/build`: the Node-side API (analysis with ts-morph, emitters, writers).
export type { Diagnostic, DiagnosticSeverity, DiagnosticTool } from './analyze/diagnostic.js'
import { buildCatalog as buildWith, createCatalogBuilder as createWith, type BuildOptions, type BuildResult, type CatalogBuilder } from './analyze/index.js'
import { projectCheckers } from './backends/checkers.js'

export { codes, type DiagnosticCode } from './analyze/index.js'
export type { BuildOptions, BuildResult, CatalogBuilder, FileChange } from './analyze/index.js'

/**
 * Creates a builder: resolves the layout, reads the tsconfig and opens the checker the `checker`
 * option picks over the tool modules once. Throws `CheckerUnavailableError` when
 * `checker: 'native'` cannot run for the project.
 */
export function createCatalogBuilder(options: BuildOptions = {}): CatalogBuilder {
  return createWith(options, projectCheckers)
}

/** Reads the tool modules once and returns their catalog and diagnostics; never imports or runs them. */
export function buildCatalog(options: BuildOptions = {}): BuildResult {
  return buildWith(options, projectCheckers)
}
export { serializeCatalog } from './emit/catalog/catalog-json.js'
export { writeFilesAtomically, type FileToWrite } from './emit/shared/write-files.js'
export { createSchemaGenerator } from './schema/index.js'
export type { OutputOutcome, SchemaGenerator, SchemaOutcome, SchemaProblem } from './schema/index.js'
export type { EmitTarget } from './emit/shared/emit-target.js'
export { generateCatalogModule } from './emit/catalog/catalog-module.js'
export { generateCatalogTypes } from './emit/catalog/catalog-types.js'
export { generateRegistryModule } from './emit/registry/registry-module.js'
export { generateRegistryTypes } from './emit/registry/registry-types.js'
export { generateToolEntryModule } from './emit/out-dir/tools/tool-entry-module.js'
export { writeOutDir, type OutDirOptions } from './emit/out-dir/write-out-dir.js'
export { renderOutDir } from './emit/out-dir/write-out-dir.js'
export * from './interop/index.js'
export type { DependencyOption } from './analyze/deps/index.js'
