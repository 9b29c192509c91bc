import type { Catalog } from '../../runtime/catalog.js'
import { buildSearchIndex } from '../../runtime/search/build-index.js'
import { generatedHeader, stringLiteral } from '../shared/literals.js'

/**
 * `search.js` (and the plugin's `~toolcat/search`): the catalog's tool search index as the default
 * export, one JSON text parsed at import. It imports nothing, so loading it runs no handler and
 * no runtime; the same catalog gives the same bytes, whichever checker made it.
 */
export function generateSearchModule(catalog: Catalog): string {
  const index = JSON.stringify(buildSearchIndex(catalog.tools))
  return `${generatedHeader(catalog)}/** @type {import('toolcat/search').SearchIndex} */\nexport default JSON.parse(${stringLiteral(index, "'")})\n`
}

/** `search.d.ts`: the index's type, for apps that import `search.js` from TypeScript. */
export function generateSearchTypes(catalog: Catalog): string {
  return `${generatedHeader(catalog)}import type { SearchIndex } from 'toolcat/search'\n\ndeclare const index: SearchIndex\nexport default index\n`
}
