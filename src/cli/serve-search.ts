import { ownEntry } from '../interop/profiles/deferred.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { LazyRegistry } from '../runtime/lazy/types.js'
import { withToolSearch, type ToolSearchFacade } from '../runtime/search/search-facade.js'
import { UsageError } from './command.js'

/**
 * `serve --search [--pin a,b]`: the registry behind `withToolSearch` and the catalog the server
 * lists, which then holds `tool_search`, the pinned tools (their own entries) and `call_tool`.
 * Only the tools the server can run (those of `served.catalog`) are pinned, found or called.
 */
export function searchServed(served: { readonly catalog: Catalog; readonly registry: LazyRegistry }, pin: readonly string[]): { catalog: Catalog; registry: ToolSearchFacade } {
  const byName = new Map(served.catalog.tools.map((tool) => [tool.name, tool]))
  const callable = (name: string) => byName.has(name)
  for (const name of pin) if (!callable(name)) throw new UsageError(`--pin ${name}: no tool of that name can be served`)
  const facade = withToolSearch(served.registry, { pin, callable })
  const tools = facade.tools().map((tool): CatalogTool => byName.get(tool.name) ?? ownEntry(tool))
  return { catalog: { ...served.catalog, tools }, registry: facade }
}
