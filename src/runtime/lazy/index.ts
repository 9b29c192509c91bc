// `toolcat/lazy`: only what a generated registry with precompiled validators needs at start-up.
// The root export also carries ajv for runtime compilation, which would double a cold start.
export { createLazyRegistry } from './create-lazy-registry.js'
export type { FragmentTable, LazyRegistry, LazyRegistryOptions, LazyToolDefinition, LazyToolEntry, LazyToolIndexEntry, LazyToolModule, SchemaText, ToolTypeMap, TypedToolCall, TypedToolResult, TypedToolStreamPart } from './types.js'
export type { RegistrySearchOptions, SearchIndexSource } from '../search/registry-search.js'
export type { SearchToolOptions } from '../search/search-tool.js'
export { withToolSearch, type ToolSearchFacade, type ToolSearchFacadeOptions } from '../search/search-facade.js'
