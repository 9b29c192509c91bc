// The interop API (node): provider exports, catalog diffs, integrity checks. `nullsToAbsent` alone is
// browser-safe and may also be imported by the lazy registry directly from './null-as-absent.js'.
export { diffCatalogs, formatDiffTable, type CatalogChange, type CatalogDiff, type ChangeClass } from './diff/index.js'
export { nullsToAbsent } from './null-as-absent.js'
export { exportFormats, exportTools, reportExport, type ChangeKind, type ExportFormat, type ExportOptions, type ExportReport, type ExportResult, type ExportWarning } from './profiles/index.js'
export { verifyCatalog, type Drift, type DriftKind } from './verify.js'
