// `toolcat/build`: the Node-side API (analysis with ts-morph, emitters, writers).
export type { Diagnostic, DiagnosticSeverity } from './analyze/diagnostic.js'
export { buildCatalog, createCatalogBuilder, codes, type DiagnosticCode } from './analyze/index.js'
export type { BuildOptions, BuildResult, CatalogBuilder, FileChange } from './analyze/index.js'
export { serializeCatalog } from './emit/catalog-json.js'
export { writeFilesAtomically, type FileToWrite } from './emit/write-files.js'
export { createSchemaGenerator } from './schema/index.js'
export type { OutputOutcome, SchemaGenerator, SchemaOutcome, SchemaProblem } from './schema/index.js'
