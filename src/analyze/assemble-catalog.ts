import { CATALOG_VERSION, type Catalog, type CatalogTool } from '../runtime/catalog.js'
import { compareCodeUnits } from './compare-code-units.js'
import { hashCatalog, hashEntry } from './hash.js'
import { toolcatVersion, type PackageInfo } from './package-info.js'

/**
 * Builds the catalog object with every key in its fixed order and every tool sorted by name in
 * code-unit order, so serialising it gives the same bytes for the same sources (T11).
 */
export function assembleCatalog(entries: readonly Omit<CatalogTool, 'hash'>[], pkg: PackageInfo | undefined): Catalog {
  const tools = [...entries]
    .sort((a, b) => compareCodeUnits(a.name, b.name))
    .map((entry) => ({ ...orderEntry(entry), hash: hashOnce(entry) }))
  return {
    catalogVersion: CATALOG_VERSION,
    generator: { name: 'toolcat', version: toolcatVersion() },
    ...(pkg === undefined ? {} : { package: pkg }),
    tools,
    hash: hashCatalog(tools),
  }
}

// A builder hands back the same (never mutated) entry objects for unchanged modules: hash each once.
const hashes = new WeakMap<object, string>()

function hashOnce(entry: Omit<CatalogTool, 'hash'>): string {
  let hash = hashes.get(entry)
  if (hash === undefined) {
    hash = hashEntry(entry)
    hashes.set(entry, hash)
  }
  return hash
}

/** The entry's keys in the order the catalog documents them. */
function orderEntry(entry: Omit<CatalogTool, 'hash'>): Omit<CatalogTool, 'hash'> {
  const ordered: Record<string, unknown> = {}
  for (const key of entryKeys) if (entry[key] !== undefined) ordered[key] = entry[key]
  return ordered as unknown as Omit<CatalogTool, 'hash'>
}

const entryKeys = [
  'name', 'title', 'description', 'summary', 'parameters', 'output', 'stream', 'annotations', 'declarationOnly', 'namespace', 'moduleDescription', 'source',
] as const satisfies readonly (keyof CatalogTool)[]
