import type { Catalog, CatalogTool } from '../../runtime/catalog.js'
import { classOf, compareTool } from './compare-tool.js'
import type { CatalogChange, CatalogDiff } from './types.js'

/**
 * Classifies every change between two catalogs as breaking or compatible (T12): the CI gate of a
 * catalog publisher. Changes come sorted by tool name, then in schema order.
 */
export function diffCatalogs(old: Catalog, next: Catalog): CatalogDiff {
  const oldTools = byName(old.tools)
  const nextTools = byName(next.tools)
  const names = [...new Set([...oldTools.keys(), ...nextTools.keys()])].sort()
  const changes: CatalogChange[] = names.flatMap((name) => {
    const before = oldTools.get(name)
    const after = nextTools.get(name)
    if (before && after) return compareTool(before, after)
    const removed = after === undefined
    return [{ tool: name, path: '', kind: removed ? 'tool-removed' : 'tool-added', class: classOf(removed), message: removed ? 'tool removed' : 'tool added' }]
  })
  return { changes, breaking: changes.some((change) => change.class === 'breaking') }
}

function byName(tools: readonly CatalogTool[]): Map<string, CatalogTool> {
  return new Map(tools.map((tool) => [tool.name, tool]))
}
