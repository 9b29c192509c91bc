import type { Catalog } from '../../../runtime/catalog.js'
import { mountCatalogPage } from './page.js'

// The script of an exported catalog.html: the catalog is the page's inline JSON data block.
const data = document.getElementById('toolcat-catalog')
const root = document.getElementById('toolcat')
if (data !== null && root !== null) mountCatalogPage(root, JSON.parse(data.textContent ?? '{}') as Catalog)
