// Types of the toolcat plugin's virtual modules. An app adds them once:
//   /// <reference types="toolcat/client" />
// Named exports of `~toolcat/catalog` (one per tool) depend on the app's tools, so only the
// default export is typed here.

declare module '~toolcat/catalog' {
  import type { LazyToolDefinition } from 'toolcat'
  /** Every tool's definition, sorted by name. */
  const definitions: readonly LazyToolDefinition[]
  export default definitions
}

declare module '~toolcat/registry' {
  import type { LazyRegistry, LazyRegistryOptions } from 'toolcat'
  /** Creates the lazy registry: definitions at once, each tool's module imported on its first call. */
  export function createRegistry(options?: LazyRegistryOptions): LazyRegistry
}
