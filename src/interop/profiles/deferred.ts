// Deferred loading: the tools list a provider reads with its own tool search. Sources, read 2026-12:
// - Anthropic, https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool: add
//   `{ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" }` (or the regex
//   variant) to `tools` and mark the tools to load on demand `defer_loading: true`; the search tool
//   itself is never deferred; beta header `advanced-tool-use-2025-11-20` on the Claude API (Ruby
//   SDK model Anthropic::Models::Beta::BetaToolSearchToolBm25_20251119 for the entry's fields);
// - OpenAI, https://developers.openai.com/api/docs/guides/tools-tool-search: the Responses API
//   `tools` gets `{ type: "tool_search" }`; functions are searchable with `defer_loading: true`,
//   preferably inside namespaces (`{ type: "namespace", name, description, tools }`, where
//   `defer_loading` applies to the functions inside, not the namespace); the model sees only a
//   namespace's name and description until it loads its functions; openai-node 6.49
//   src/resources/responses/responses.ts `FunctionTool`, `NamespaceTool`, `ToolSearchTool`;
// - Gemini and MCP have no deferred loading: their export lists toolcat's own `tool_search`,
//   the pinned tools and `call_tool`, which a host serves with `withToolSearch` (what
//   `toolcat serve --mcp --search` does).
import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import { callToolDefinition } from '../../runtime/search/search-facade.js'
import { searchToolDefinition } from '../../runtime/search/search-tool-definition.js'
import type { JsonSchema, ToolDefinition } from '../../runtime/types.js'
import { exportTools } from './index.js'
import { groupNamespaces } from './namespaces.js'
import type { ExportFormat, ExportOptions, ExportResult } from './types.js'

/** Anthropic's server-side BM25 tool search tool, as its documentation writes the entry. */
export const anthropicToolSearch = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' } as const

/** Options of a deferred export: the tools the model sees from the start. */
export interface DeferOptions extends ExportOptions {
  readonly pin?: readonly string[]
}

/**
 * The tools list for deferred loading: Anthropic's entries with `defer_loading: true` (pinned tools
 * excepted) after its tool search tool; OpenAI's Responses API form, `tool_search`, the pinned
 * functions, then every other function deferred inside a namespace (see `groupNamespaces`); for Gemini and
 * MCP, toolcat's `tool_search`, the pinned tools and `call_tool` in that provider's shape.
 */
export function exportDeferred(catalog: Catalog, format: ExportFormat, options: DeferOptions = {}): ExportResult {
  const pinned = new Set(options.pin ?? [])
  for (const name of pinned) if (!catalog.tools.some((tool) => tool.name === name)) throw new TypeError(`--pin ${name}: no such tool`)
  if (format === 'gemini' || format === 'mcp') return exportTools({ ...catalog, tools: searchFacadeTools(catalog, pinned) }, format, options)
  const { output, warnings } = exportTools(catalog, format, options)
  const entries = (output as { tools: Record<string, unknown>[] }).tools
  if (format === 'anthropic') {
    const tools = entries.map((entry, at) => (pinned.has(catalog.tools[at]?.name as string) ? entry : { ...entry, defer_loading: true }))
    return { output: { tools: [anthropicToolSearch, ...tools] }, warnings }
  }
  return { output: { tools: responsesTools(catalog.tools, entries as { function: ChatFunction }[], pinned) }, warnings }
}

/** A Chat Completions `function` as the OpenAI profile writes it. */
interface ChatFunction {
  readonly name: string
  readonly description?: string
  readonly parameters: JsonSchema
  readonly strict?: boolean
}

function responsesTools(tools: readonly CatalogTool[], entries: readonly { function: ChatFunction }[], pinned: ReadonlySet<string>): unknown[] {
  const functionTool = ({ name, description, parameters, strict }: ChatFunction, deferred: boolean) => ({
    type: 'function',
    name,
    ...(description !== undefined && { description }),
    parameters,
    strict: strict === true,
    ...(deferred && { defer_loading: true }),
  })
  const direct: unknown[] = []
  const deferred = new Map<CatalogTool, unknown>()
  tools.forEach((tool, at) => {
    const fn = (entries[at] as { function: ChatFunction }).function
    if (pinned.has(tool.name)) direct.push(functionTool(fn, false))
    else deferred.set(tool, functionTool(fn, true))
  })
  const grouped = groupNamespaces([...deferred.keys()]).map(({ name, description, tools: members }) => ({
    type: 'namespace',
    name,
    description,
    tools: members.map((tool) => deferred.get(tool)),
  }))
  return [{ type: 'tool_search' }, ...direct, ...grouped]
}

/** toolcat's `tool_search`, the pinned tools and `call_tool`, as catalog entries a profile can write. */
function searchFacadeTools(catalog: Catalog, pinned: ReadonlySet<string>): CatalogTool[] {
  // Described from the tools it finds: every tool but the pinned ones.
  const searchTool = searchToolDefinition({ exclude: [...pinned] }, catalog.tools)
  return [ownEntry(searchTool), ...catalog.tools.filter((tool) => pinned.has(tool.name)), ownEntry(callToolDefinition)]
}

/** A tool toolcat itself serves (`tool_search`, `call_tool`) as a catalog entry: no module, no hash. */
export function ownEntry(definition: ToolDefinition): CatalogTool {
  return {
    name: definition.name,
    ...(definition.title !== undefined && { title: definition.title }),
    ...(definition.description !== undefined && { description: definition.description }),
    parameters: definition.parameters ?? { type: 'object' },
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    source: { module: 'toolcat', export: definition.name },
    hash: '',
  }
}
