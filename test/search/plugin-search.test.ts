import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, expect, test } from 'vitest'
import { esbuildOptions } from '../plugin/helpers/bundlers.js'
import { copyFixture, outputFolder } from '../plugin/helpers/paths.js'
import { runApp } from '../plugin/helpers/run-app.js'

// fixtures/plugin-app built by esbuild with the toolcat plugin, its entry replaced by one that
// imports `~toolcat/search` (searched with `toolcat/search`) and searches through the registry.
const app = copyFixture('plugin-app', 'search')
const outDir = outputFolder('search-esbuild')
afterAll(() => {
  rmSync(app, { recursive: true, force: true })
  rmSync(outDir, { recursive: true, force: true })
})

test('~toolcat/search is the index; toolcat/search and registry.search rank with it', async () => {
  writeFileSync(
    join(app, 'main.ts'),
    `/// <reference types="toolcat/client" />
import index from '~toolcat/search'
import { createRegistry } from '~toolcat/registry'
import { search } from '${join(outputFolder(''), '..', '..', 'dist/runtime/search.js')}'

export async function main() {
  const direct = search(index, 'sum two numbers').map((hit) => hit.name)
  const found = (await createRegistry().search('a greeting by name')).map((definition) => definition.name)
  return { names: [...index.tools], result: { success: true, value: { direct, found} } }
}
`,
  )
  await build(esbuildOptions(app, outDir))
  const output = await runApp(join(outDir, 'main.js'))
  expect(output.names).toEqual(['add', 'greet'])
  expect(output.result.value).toEqual({ direct: ['add'], found: ['greet'] })
}, 120_000)
