// The browser-safe root export `toolcat`: the runtime, defineTool and the lazy registry factory.
// Nothing reachable from here may import a Node builtin or ts-morph (tested by bundling for the browser).
export type * from './runtime/types.js'
export type { Catalog, CatalogTool } from './runtime/catalog.js'
export { CATALOG_VERSION } from './runtime/catalog.js'
