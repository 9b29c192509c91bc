import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { LazyRegistry } from '../runtime/lazy/types.js'
import { withToolSearch, type ToolSearchFacade } from '../runtime/search/search-facade.js'
import { ownEntry } from '../interop/profiles/deferred.js'
import { UsageError } from './command.js'

/**
 * `serve --search [--pin a,b]`: the registry behind `withToolSearch` and the catalog the server
 * lists, which then holds `tool_search`, the pinned tools (their own entries) and `call_tool`.
 * Only tools the server can run are pinned, found or called.
 */
export function searchServed(catalog: Catalog, registry: LazyRegistry, pin: readonly string[], handled: ReadonlySet<string>): { catalog: Catalog; registry: ToolSearchFacade } {
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
  const callable = (name: string) => {
    const tool = byName.get(name)
    return tool !== undefined && (tool.declarationOnly !== true || handled.has(name))
  }
  for (const name of pin) if (!callable(name)) throw new UsageError(`--pin ${name}: ${byName.has(name) ? 'a declaration-only tool without a handler cannot be served' : 'no such tool'}`)
  const facade = withToolSearch(registry, { pin, callable })
  const tools = facade.tools().map((tool): CatalogTool => byName.get(tool.name) ?? ownEntry(tool))
  return { catalog: { ...catalog, tools }, registry: facade }
}
