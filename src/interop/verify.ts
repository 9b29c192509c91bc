import { canonicalJson, hashCatalog, hashEntry } from '../analyze/hash.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import { compareTool } from './diff/compare-tool.js'
import { firstDifference, shownValue } from './first-difference.js'

/**
 * How a recorded catalog departs from its sources: a tool changed, gone, new, a hash that lies, a
 * catalog field (version, generator, package, an unknown key) that differs, or entries duplicated
 * or out of name order.
 */
export type DriftKind = 'changed' | 'missing' | 'added' | 'tampered' | 'catalog-hash' | 'field' | 'duplicate' | 'order'

/** One drift of a recorded catalog, per tool (`*` for the catalog-level hash). */
export interface Drift {
  readonly tool: string
  readonly kind: DriftKind
  readonly message: string
}

/**
 * Checks a recorded catalog against one rebuilt from the sources, every field of it: each top-level
 * field must equal the rebuilt one (`catalogVersion`, `generator`, `package`, and no other key);
 * entries must be unique and in name order; every entry's hash must match its own content (else
 * it was edited by hand), the catalog hash must match the entries, and every entry must equal the
 * one the sources give today. Hashes are canonical over every key, `__proto__` included.
 */
export function verifyCatalog(recorded: Catalog, rebuilt: Catalog): Drift[] {
  const drift: Drift[] = [...fieldDrift(recorded, rebuilt), ...orderDrift(recorded.tools)]
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

/** Every top-level field but the tools and the hash, compared with the rebuilt catalog's (own keys only). */
function fieldDrift(recorded: Catalog, rebuilt: Catalog): Drift[] {
  const keys = new Set([...Object.keys(recorded), ...Object.keys(rebuilt)])
  keys.delete('tools')
  keys.delete('hash')
  return [...keys].sort().flatMap((key): Drift[] => {
    const [was, is] = [ownField(recorded, key), ownField(rebuilt, key)]
    if (was === is) return []
    const message = was === undefined ? `field ${key} is missing` : is === undefined ? `field ${key} is not a catalog field` : `field ${key} is ${was}, the sources give ${is}`
    return [{ tool: '*', kind: 'field', message }]
  })
}

function ownField(catalog: Catalog, key: string): string | undefined {
  return Object.hasOwn(catalog, key) ? canonicalJson((catalog as unknown as Record<string, unknown>)[key]) : undefined
}

/** Entries must be sorted by name (code units) with each name once. */
function orderDrift(tools: readonly CatalogTool[]): Drift[] {
  return tools.slice(1).flatMap((tool, index): Drift[] => {
    const previous = (tools[index] as CatalogTool).name
    if (tool.name === previous) return [{ tool: tool.name, kind: 'duplicate', message: 'the catalog holds this entry more than once' }]
    return tool.name < previous ? [{ tool: tool.name, kind: 'order', message: `out of name order: after ${previous}` }] : []
  })
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
