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
 * and one module script, `moduleUrl`, which renders the catalog and its forms. While the build has
 * errors, `failure` (their text) is in the page as served, so it shows them before any script runs.
 */
export function generateDevPageHtml(moduleUrl: string, failure?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolcat · try the tools</title>
<style>${pageStyle}${failureStyle}</style>
</head>
<body>
<div id="toolcat">${failure === undefined ? '' : failureHtml(failure)}</div>
<script type="module" src="${escapeHtml(moduleUrl)}"></script>
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

/** How a failed build's errors look on the dev page (only it shows them). */
const failureStyle = `.tc-build-failure{max-width:60rem;margin:2rem auto;padding:1rem 1.5rem;background:var(--consequential-bg);color:var(--consequential);border:1px solid var(--consequential);border-radius:8px}
.tc-build-failure h1{font-size:1.1rem;margin:0 0 .75rem}
.tc-build-failure pre{margin:0;white-space:pre-wrap;color:var(--text)}
`

/** The heading the page shows above a failed build's errors. */
const FAILURE_HEADING = 'The build failed: toolcat found errors in the tool modules'

/** A failed build's errors as the page shows them: a heading, then the text as printed. */
function failureHtml(failure: string): string {
  return `<section class="tc-build-failure" role="alert"><h1>${FAILURE_HEADING}</h1><pre>${escapeHtml(failure)}</pre></section>`
}

/** Text as HTML that shows it as written: no markup in it is read as markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&"'<>]/g, (character) => `&#${character.charCodeAt(0)};`)
}

/**
 * The dev page's module while the build has errors: it shows them (`failure`, their text) in place
 * of the tools, whose catalog is not complete, and imports nothing of the app. It accepts its own
 * hot updates, so the module generated once the errors are mended brings the tools back in place.
 */
export function generateDevPageFailureModule(failure: string): string {
  return `const section = document.createElement("section")
section.className = "tc-build-failure"
section.setAttribute("role", "alert")
const heading = document.createElement("h1")
heading.textContent = ${JSON.stringify(FAILURE_HEADING)}
const text = document.createElement("pre")
text.textContent = ${JSON.stringify(failure)}
section.append(heading, text)
document.getElementById("toolcat").replaceChildren(section)
if (import.meta.hot) import.meta.hot.accept()
`
}
