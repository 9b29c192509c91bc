import type { Catalog } from '../../runtime/catalog.js'

/** The bytes of `catalog.json`: 2-space JSON with a trailing newline, keys in the catalog's own order. */
export function serializeCatalog(catalog: Catalog): string {
  return `${JSON.stringify(catalog, null, 2)}\n`
}
