import type { Catalog } from '../../runtime/catalog.js'
import type { CodeSignature } from '../code/code-api-files.js'
import { generatedHeader } from '../shared/literals.js'
import { pageStyle } from './page-style.js'

/** The module specifiers the dev page's module imports. */
export interface DevPageImports {
  /** The registry the page calls tools through: the app's own (`~toolcat/registry`). */
  readonly registry: string
  /** The page's browser code (`catalog-page-dev.js`). */
  readonly page: string
}

/**
 * The HTML of the try-it page a dev server serves (vite: at `/__toolcat/`): the page style inline,
 * and one module script, `moduleUrl`, which renders the catalog and its forms.
 */
export function generateDevPageHtml(moduleUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolcat · try the tools</title>
<style>${pageStyle}</style>
</head>
<body>
<div id="toolcat"></div>
<script type="module" src="${moduleUrl.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`)}"></script>
</body>
</html>
`
}

/**
 * The dev page's module: the catalog, each tool's code-mode signature (when given), and the page
 * mounted with a try-it form per tool that calls through the app's own registry (so a tool runs
 * where the app runs it). It accepts its own hot updates: when a tool changes, the dev server
 * regenerates it and the page re-renders in place.
 */
export function generateDevPageModule(catalog: Catalog, imports: DevPageImports, signatures: Readonly<Record<string, CodeSignature>> = {}): string {
  return `${generatedHeader(catalog)}import { createRegistry } from ${JSON.stringify(imports.registry)}
import { mountCatalogPage } from ${JSON.stringify(imports.page)}

const catalog = ${JSON.stringify(catalog)}
const signatures = ${JSON.stringify(signatures)}
const page = mountCatalogPage(document.getElementById("toolcat"), catalog, { registry: createRegistry(), signatures })
if (import.meta.hot) {
  import.meta.hot.accept()
  import.meta.hot.dispose(() => page.destroy())
}
`
}
