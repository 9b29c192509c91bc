import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { entryChunk, lazyImports, writeEagerModule } from '../lib/registry-output.mjs'
import { repoRoot } from '../lib/toolcat.mjs'

const out = mkdtempSync(join(tmpdir(), 'toolcat-registry-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))
mkdirSync(join(out, 'tools'))
const files = {
  'registry.js': "import { createLazyRegistry } from 'toolcat'\nimport { index } from './index.js'\nexport const createRegistry = () => createLazyRegistry(index, [() => import('./tools/a.js'), () => import(\"./tools/b.js\")])\n",
  'index.js': "export { index } from './index-data.js'\n",
  'index-data.js': 'export const index = []\n',
  'tools/a.js': "(globalThis.loaded ??= []).push('a')\n",
  'tools/b.js': "(globalThis.loaded ??= []).push('b')\n",
}
for (const [path, text] of Object.entries(files)) writeFileSync(join(out, path), text)
const registry = join(out, 'registry.js')

describe('registry output', () => {
  it('finds the modules the registry imports on demand', () => {
    expect(lazyImports(registry)).toEqual(['./tools/a.js', './tools/b.js'])
  })

  it('sizes the entry chunk: the registry and its static relative imports, not the lazy ones', () => {
    const bytes = ['registry.js', 'index.js', 'index-data.js'].reduce((sum, path) => sum + Buffer.byteLength(files[path]), 0)
    expect(entryChunk(registry)).toMatchObject({ bytes, files: 3 })
  })

  it("follows 'toolcat' into the built runtime and only names other packages", () => {
    mkdirSync(join(out, 'node_modules'))
    symlinkSync(repoRoot, join(out, 'node_modules/toolcat'))
    writeFileSync(join(out, 'toolcat-user.js'), "import { createLazyRegistry } from 'toolcat'\nimport pad from 'left-pad'\n")
    const chunk = entryChunk(join(out, 'toolcat-user.js'))
    expect(chunk.toolcatFiles).toBeGreaterThan(1)
    expect(chunk.toolcatBytes).toBeGreaterThan(1000)
    expect(chunk.external).toContain('left-pad')
    expect(chunk.external).not.toContain('toolcat')
  })

  it('writes an eager module that loads every tool module', async () => {
    const eager = writeEagerModule(registry)
    expect(readFileSync(eager, 'utf8')).toBe("import './tools/a.js'\nimport './tools/b.js'\n")
    await import(pathToFileURL(eager).href)
    expect(globalThis.loaded).toEqual(['a', 'b'])
  })
})
