import type { Catalog } from '../../../runtime/catalog.js'
import type { PageSignatures } from './code-signature.js'
import { mountCatalogPage } from './page.js'

// The script of an exported catalog.html: the catalog is the page's inline JSON data block, and
// each tool's code-mode signature a second one (absent from pages written before it existed).
const data = document.getElementById('toolcat-catalog')
const signatures = document.getElementById('toolcat-signatures')
const root = document.getElementById('toolcat')
if (data !== null && root !== null) {
  const catalog = JSON.parse(data.textContent ?? '{}') as Catalog
  mountCatalogPage(root, catalog, signatures === null ? {} : { signatures: JSON.parse(signatures.textContent ?? '{}') as PageSignatures })
}
