// `toolcat/search`: the tool search index format, its builder and `search`. Browser-safe, imports
// nothing else of toolcat: a page (the HTML explorer) loads an index (`search.js`) and searches it.
export { buildSearchIndex } from './build-index.js'
export { defaultSearchWeights, search, type SearchFilter, type SearchOptions } from './search.js'
export { SEARCH_INDEX_VERSION, searchFields, type SearchField, type SearchHit, type SearchIndex } from './format.js'
export type { SearchableTool } from './tool-text.js'
export { terms as searchTerms } from './analyze.js'
export { toolText as searchableText } from './tool-text.js'
export { SEARCH_TOOL_NAME, type FoundTool, type SearchToolOptions } from './search-tool.js'
export type { EmbedHook, RankHook, SearchCandidate } from './hybrid.js'
export type { RegistrySearchOptions } from './registry-search.js'
