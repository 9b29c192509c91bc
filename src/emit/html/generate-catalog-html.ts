import { createHash } from 'node:crypto'
import type { Catalog } from '../../runtime/catalog.js'
import type { CodeSignature } from '../code/code-api-files.js'
import { assertInlineable, escapeHtml, inlineJson } from './inline-data.js'
import { pageStyle } from './page-style.js'

/**
 * `catalog.html`: the catalog as one self-contained page (`toolcat export --format html`). The
 * catalog travels as an inline JSON data block, the page's script (the bundle of
 * `page/static-entry.ts`, passed in) and style sheet inline: nothing is fetched, so it works from
 * `file://`, and the Content-Security-Policy admits only those two inline blocks (by hash) and no
 * network at all. `signatures` (each tool's code-mode signature, from `codeSignatures`) travel as a
 * second data block, shown with each tool. The same catalog and signatures always give the same bytes.
 */
export function generateCatalogHtml(catalog: Catalog, script: string, signatures?: Readonly<Record<string, CodeSignature>>): string {
  const style = assertInlineable(pageStyle, 'page style')
  const code = assertInlineable(script, 'page script')
  const policy = `default-src 'none'; script-src '${sha256(code)}'; style-src '${sha256(style)}'; img-src data:; base-uri 'none'; form-action 'none'`
  const title = catalog.package?.name ?? 'Tool catalog'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="generator" content="${escapeHtml(`${catalog.generator.name} ${catalog.generator.version}`)}">
<title>${escapeHtml(title)} · ${catalog.tools.length} ${catalog.tools.length === 1 ? 'tool' : 'tools'}</title>
<style>${style}</style>
</head>
<body>
<div id="toolcat">${noScriptList(catalog)}</div>
<script type="application/json" id="toolcat-catalog">${inlineJson(catalog)}</script>
${signatures === undefined ? '' : `<script type="application/json" id="toolcat-signatures">${inlineJson(signatures)}</script>\n`}<script>${code}</script>
</body>
</html>
`
}

/** What a reader without scripts sees: the tools' names and descriptions as plain text. */
function noScriptList(catalog: Catalog): string {
  const items = catalog.tools.map((tool) => `<li><code>${escapeHtml(tool.name)}</code>${tool.description === undefined ? '' : ` — ${escapeHtml(tool.description)}`}</li>`)
  return `<noscript><p>This page shows its parameters, outputs and search with JavaScript; the tools are:</p><ul>${items.join('')}</ul></noscript>`
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`
}
