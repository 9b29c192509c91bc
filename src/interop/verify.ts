import { hashCatalog, hashEntry } from '../analyze/hash.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import { compareTool } from './diff/compare-tool.js'
import { firstDifference, shownValue } from './first-difference.js'

/** How a recorded catalog departs from its sources: a tool changed, gone, new, or a hash that lies. */
export type DriftKind = 'changed' | 'missing' | 'added' | 'tampered' | 'catalog-hash'

/** One drift of a recorded catalog, per tool (`*` for the catalog-level hash). */
export interface Drift {
  readonly tool: string
  readonly kind: DriftKind
  readonly message: string
}

/**
 * Checks a recorded catalog against one rebuilt from the sources: every entry's hash must match its
 * own content (else it was edited by hand), the catalog hash must match the entries, and every
 * entry must equal the one the sources give today.
 */
export function verifyCatalog(recorded: Catalog, rebuilt: Catalog): Drift[] {
  const drift: Drift[] = []
  if (recorded.hash !== hashCatalog(recorded.tools)) {
    drift.push({ tool: '*', kind: 'catalog-hash', message: 'catalog hash does not match the hashes of its entries' })
  }
  const fromSources = new Map(rebuilt.tools.map((tool) => [tool.name, tool]))
  for (const tool of recorded.tools) {
    const content = hashEntry(tool)
    if (content !== tool.hash) drift.push({ tool: tool.name, kind: 'tampered', message: `entry content hashes to ${content}, recorded ${tool.hash}` })
    const source = fromSources.get(tool.name)
    if (!source) drift.push({ tool: tool.name, kind: 'missing', message: 'in the catalog but no longer in the sources' })
    else if (source.hash !== content) drift.push({ tool: tool.name, kind: 'changed', message: describeChange(tool, source) })
  }
  const recordedNames = new Set(recorded.tools.map((tool) => tool.name))
  for (const tool of rebuilt.tools) {
    if (!recordedNames.has(tool.name)) drift.push({ tool: tool.name, kind: 'added', message: 'in the sources but not in the catalog' })
  }
  return drift
}

/**
 * What changed, as the diff names it, and the first differing place in the entry as a JSON Pointer
 * with both values (`/parameters/required/0: catalog "title", sources "tenant"`), so a change the
 * diff does not classify (order, source location) is named too.
 */
function describeChange(recorded: CatalogTool, source: CatalogTool): string {
  const { hash: _recorded, ...left } = recorded
  const { hash: _source, ...right } = source
  const first = firstDifference(left, right)
  const at = first ? `${first.pointer || '/'}: catalog ${shownValue(first.left)}, sources ${shownValue(first.right)}` : 'the entry hash'
  const paths = [...new Set(compareTool(recorded, source).map((change) => change.path || change.kind))]
  return paths.length === 0 ? `differs from the sources first at ${at}` : `differs from the sources at ${paths.join(', ')}; first at ${at}`
}
