export { diffCatalogs } from './diff-catalogs.js'
export { formatDiffTable } from './diff-table.js'
export type { CatalogChange, CatalogDiff, ChangeClass } from './types.js'
