import { expect, test } from 'vitest'
import { generateCatalogHtml } from '../../../src/emit/html/generate-catalog-html.js'
import { assertInlineable, escapeHtml, inlineJson } from '../../../src/emit/html/inline-data.js'
import { CATALOG_VERSION, type Catalog } from '../../../src/runtime/catalog.js'

const hostile = '</script><script>alert(1)</script><!-- </SCRIPT > & \u2028'
const catalog: Catalog = {
  catalogVersion: CATALOG_VERSION,
  generator: { name: 'toolcat', version: '0.1.0' },
  package: { name: '<b>pkg</b>' },
  tools: [{ name: 'x', description: hostile, parameters: { type: 'object', properties: { [hostile]: { type: 'string', default: hostile } } }, source: { module: 'tools/x.ts', export: hostile }, hash: 'sha256-a' }],
  hash: 'sha256-b',
}

test('the inline JSON holds no `<`, `>` or `&` and parses back to the same catalog', () => {
  const json = inlineJson(catalog)
  expect(json).not.toMatch(/[<>&\u2028]/)
  expect(JSON.parse(json)).toEqual(catalog)
})

test('catalog strings cannot end the data block, open a comment or add markup to the page', () => {
  const html = generateCatalogHtml(catalog, 'console.log(1)')
  expect(html.match(/<\/script/gi)).toHaveLength(2)
  expect(html).not.toContain('<!--')
  expect(html).not.toContain('<b>')
  expect(html).toContain('<title>&#60;b&#62;pkg&#60;/b&#62; · 1 tool</title>')
})

test('the same catalog gives the same bytes; the policy admits exactly the inline script and style', () => {
  const html = generateCatalogHtml(catalog, 'console.log(1)')
  expect(generateCatalogHtml(structuredClone(catalog), 'console.log(1)')).toBe(html)
  expect(html).toMatch(/content="default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-[A-Za-z0-9+/=]+';/)
  expect(generateCatalogHtml(catalog, 'console.log(2)')).not.toBe(html)
})

test('a script that would end its element is refused rather than inlined', () => {
  expect(() => generateCatalogHtml(catalog, 'const s = "</script>"')).toThrow('the page script contains "</script" and cannot be inlined')
  expect(() => assertInlineable('a <!-- b', 'x')).toThrow('"<!--"')
  expect(escapeHtml(`"'<&>`)).toBe('&#34;&#39;&#60;&#38;&#62;')
})

test('code-mode signatures travel as a second data block: escaped like the catalog, the same bytes for the same signatures', () => {
  const signatures = { x: { file: 'x.d.ts', signature: 'function x(args: XArgs): Promise<XResult>', module: `/** ${hostile} */\nexport type XArgs = {}\n` } }
  const html = generateCatalogHtml(catalog, 'console.log(1)', signatures)
  expect(html.match(/<\/script/gi)).toHaveLength(3)
  expect(html).not.toContain('<!--')
  const block = /<script type="application\/json" id="toolcat-signatures">(.*?)<\/script>/.exec(html)
  expect(JSON.parse(block?.[1] ?? 'null')).toEqual(signatures)
  expect(generateCatalogHtml(catalog, 'console.log(1)', structuredClone(signatures))).toBe(html)
  expect(generateCatalogHtml(catalog, 'console.log(1)')).not.toContain('toolcat-signatures')
})
