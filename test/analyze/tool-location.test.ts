import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createCatalogBuilder } from '../../src/build.js'

// What the plugin's watchers rely on: a single tool file as `tools`, and the builder naming every
// project file a derivation read (a type file imported only for its types included).

const root = mkdtempSync(path.join(tmpdir(), 'toolcat-location-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const files: Record<string, string> = {
  'package.json': '{ "name": "location" }',
  'tools/search.ts': "import { defineTool } from 'toolcat'\nimport type { Query } from '../shared/query'\n/** Search. */\nexport const search = defineTool({ execute: (args: Query) => args.text })\n",
  'tools/other.ts': "import { defineTool } from 'toolcat'\n/** Other. */\nexport const other = defineTool({ execute: (args: { n: number }) => args.n })\n",
  'shared/query.ts': 'export interface Query { text: string }\n',
}
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.join(root, path.dirname(file)), { recursive: true })
  writeFileSync(path.join(root, file), text)
}

test('a single tool file as `tools` derives that file alone', () => {
  const builder = createCatalogBuilder({ root, tools: 'tools/search.ts' })
  const { catalog, diagnostics } = builder.build()
  expect(diagnostics).toEqual([])
  expect(catalog.tools.map((tool) => tool.name)).toEqual(['search'])
  expect(builder.toolFiles()).toEqual([path.join(root, 'tools/search.ts')])
})

test('sourceFiles() names the tool modules and the type files they reach, outside node_modules', () => {
  const builder = createCatalogBuilder({ root, tools: 'tools' })
  builder.build()
  expect(builder.sourceFiles()).toEqual(['shared/query.ts', 'tools/other.ts', 'tools/search.ts'].map((file) => path.join(root, file)))
})
