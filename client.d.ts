// Types of the toolcat plugin's virtual modules. An app adds them once:
//   /// <reference types="toolcat/client" />
// or includes the declaration file the plugin writes (option `dts`, default `typed-tools.d.ts`),
// which references this file and fills in the app's own tools: the `Tools` map below, and the
// named exports of `~toolcat/catalog` (one per tool).

declare module '~toolcat/catalog' {
  import type { LazyToolDefinition } from 'toolcat'
  /** Every tool's definition, sorted by name. */
  const definitions: readonly LazyToolDefinition[]
  export default definitions
}

declare module '~toolcat/registry' {
  import type { LazyRegistry, LazyRegistryOptions, ToolTypeMap } from 'toolcat'
  /**
   * Argument, result and stream chunk types of the app's tools, by tool name: filled in by the
   * declaration file the plugin writes; empty without it, which leaves the registry untyped.
   */
  export interface Tools {}
  /** The map the registry is typed by: the app's `Tools` once declared, else any tool name with any arguments. */
  export type RegisteredTools = [keyof Tools] extends [never] ? ToolTypeMap : { [N in keyof Tools]: Tools[N] }
  /** Creates the lazy registry: definitions at once, each tool's module imported on its first call. */
  export function createRegistry(options?: LazyRegistryOptions<RegisteredTools>): LazyRegistry<RegisteredTools>
}

declare module '~toolcat/search' {
  import type { SearchIndex } from 'toolcat/search'
  /** The tool search index built with the catalog: pass it to `search(index, query)` from `toolcat/search`. */
  const index: SearchIndex
  export default index
}
