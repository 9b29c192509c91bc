// The catalog page's browser code, as the vite dev page imports it (an exported catalog.html
// inlines the bundle of static-entry.ts instead).
export { mountCatalogPage, type CatalogPage, type CatalogPageOptions } from './page.js'
export { plainFilter, type ToolSearch } from './search.js'
