import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { projectWith, toolSource } from '../cli/project.js'
import { runCli } from '../cli/run-cli.js'
import { fixtureCatalog, fixtureRoot, repoRoot, runInFreshNode } from '../registry/out-dir.js'

// The two layouts of an output folder: linked (public files lead through `.toolcat-current`, the
// commit is one rename) and direct (no symlink: a folder a package publishes, since npm pack leaves
// links out). A folder moving from one to the other keeps working and keeps one generation.

const projects: string[] = []
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true })
})

/** A temp project with toolcat installed and a package.json (`manifest`) above its `out/`. */
function project(manifest: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcat-layout-'))
  projects.push(root)
  mkdirSync(path.join(root, 'node_modules'))
  symlinkSync(repoRoot, path.join(root, 'node_modules/toolcat'), 'dir')
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'layout-app', version: '1.0.0', type: 'module', ...manifest }))
  return root
}

const generations = (out: string) => readdirSync(out).filter((name) => name.startsWith('.toolcat-build-'))
const names = (root: string) => runInFreshNode(root, 'return createRegistry().definitions().map((definition) => definition.name)')

test('a folder its package publishes (bin, files) gets plain files that name the generation: no symlink for npm pack to leave out', async () => {
  for (const manifest of [{ bin: { app: 'out/mcp-server.js' } }, { files: ['out'] }, { exports: { '.': './out/registry.js' } }]) {
    const root = project(manifest)
    const out = path.join(root, 'out')
    const written = await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: out })
    expect(written.layout, JSON.stringify(manifest)).toBe('direct')
    expect(written.direct).toContain('npm pack leaves symlinks out')
    const [generation] = generations(out)
    expect(existsSync(path.join(out, '.toolcat-current'))).toBe(false)
    for (const name of ['catalog.json', 'registry.js', 'catalog.js', 'search.js', 'registry.d.ts']) expect(lstatSync(path.join(out, name)).isFile(), name).toBe(true)
    expect(readFileSync(path.join(out, 'registry.js'), 'utf8')).toContain(`export * from './${generation}/registry.js'`)
    expect(readFileSync(path.join(out, 'catalog.json'), 'utf8')).toBe(serializeCatalog(fixtureCatalog()))
    expect(names(root)).toEqual(fixtureCatalog().tools.map((tool) => tool.name))
  }
})

test('an unpublished folder is linked; turning to direct and back keeps it working, with one generation and no stray link', async () => {
  const root = project({})
  const out = path.join(root, 'out')
  const catalog = fixtureCatalog()
  expect((await writeOutDir(catalog, { root: fixtureRoot, outDir: out })).layout).toBe('linked')
  expect(readlinkSync(path.join(out, 'catalog.json'))).toBe('.toolcat-current/catalog.json')
  expect(readlinkSync(path.join(out, '.toolcat-current'))).toBe(generations(out)[0])

  // The package starts publishing the folder, and the next build drops a tool.
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'layout-app', version: '1.0.0', type: 'module', files: ['out'] }))
  const fewer = { ...catalog, tools: catalog.tools.slice(1) }
  expect((await writeOutDir(fewer, { root: fixtureRoot, outDir: out })).layout).toBe('direct')
  expect(existsSync(path.join(out, '.toolcat-current'))).toBe(false)
  expect(lstatSync(path.join(out, 'catalog.json')).isFile()).toBe(true)
  expect(generations(out)).toHaveLength(1)
  expect(names(root)).toEqual(fewer.tools.map((tool) => tool.name))

  // And stops again.
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'layout-app', version: '1.0.0', type: 'module' }))
  expect((await writeOutDir(catalog, { root: fixtureRoot, outDir: out })).layout).toBe('linked')
  expect(lstatSync(path.join(out, 'catalog.json')).isSymbolicLink()).toBe(true)
  expect(generations(out)).toEqual([readlinkSync(path.join(out, '.toolcat-current'))])
  expect(JSON.parse(readFileSync(path.join(out, 'catalog.json'), 'utf8'))).toEqual(catalog)
  expect(names(root)).toEqual(catalog.tools.map((tool) => tool.name))
})

test('an output folder of the earlier layout (tools/build-<hash>/, plain public files) is taken over whole: its files go, the user\'s stay', async () => {
  const root = project({})
  const out = path.join(root, 'out')
  mkdirSync(path.join(out, 'tools/build-0123456789abcdef'), { recursive: true })
  writeFileSync(path.join(out, 'tools/build-0123456789abcdef/add.js'), 'export default 1\n')
  writeFileSync(path.join(out, 'registry.js'), 'export function createRegistry() {}\n')
  writeFileSync(path.join(out, 'catalog.json'), '{}\n')
  writeFileSync(path.join(out, 'NOTES.md'), 'mine\n')
  writeFileSync(path.join(out, '.toolcat-manifest.json'), JSON.stringify({ generator: 'toolcat', files: ['catalog.json', 'registry.js', 'tools/build-0123456789abcdef/add.js'] }))
  await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: out })
  expect(existsSync(path.join(out, 'tools'))).toBe(false)
  expect(readFileSync(path.join(out, 'NOTES.md'), 'utf8')).toBe('mine\n')
  expect(names(root)).toEqual(fixtureCatalog().tools.map((tool) => tool.name))
})

test("a --out naming the folder's own catalog.json leaves it the link to the build in use, build after build", async () => {
  const root = project({})
  const out = path.join(root, 'out')
  const catalogText = serializeCatalog(fixtureCatalog())
  for (let build = 0; build < 2; build++) {
    await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: out }, [{ path: path.join(out, 'catalog.json'), contents: catalogText }])
    expect(readlinkSync(path.join(out, 'catalog.json'))).toBe('.toolcat-current/catalog.json')
    expect(readFileSync(path.join(out, 'catalog.json'), 'utf8')).toBe(catalogText)
  }
})

test('with the build cache, a folder its package starts publishing is written again without symlinks, though nothing else changed', () => {
  const root = projectWith({
    'package.json': '{ "name": "starts-publishing", "version": "1.0.0", "type": "module" }\n',
    'tools/add.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
  })
  projects.push(root)
  expect(runCli(['build', 'tools', '--outDir', 'out'], root).status).toBe(0)
  expect(lstatSync(path.join(root, 'out/catalog.json')).isSymbolicLink()).toBe(true)
  writeFileSync(path.join(root, 'package.json'), '{ "name": "starts-publishing", "version": "1.0.0", "type": "module", "files": ["out"] }\n')
  expect(runCli(['build', 'tools', '--outDir', 'out'], root).status).toBe(0)
  expect(lstatSync(path.join(root, 'out/catalog.json')).isFile()).toBe(true)
  expect(existsSync(path.join(root, 'out/.toolcat-current'))).toBe(false)
})
