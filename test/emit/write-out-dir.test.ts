import { readdirSync, readFileSync, readlinkSync, rmSync, type Dirent } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { serializeCatalog } from '../../src/emit/catalog/catalog-json.js'
import { renderOutDir, writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { fixtureCatalog, fixtureRoot, generatedProject, repoRoot } from '../registry/out-dir.js'

let first = ''
let second = ''
beforeAll(async () => {
  ;[first, second] = await Promise.all([generatedProject(), generatedProject()])
})
afterAll(() => {
  for (const project of [first, second]) rmSync(project, { recursive: true, force: true })
})

/** Every file under `out` (relative paths), not through `.toolcat-current` (Node's recursive readdir follows links). */
const listed = (out: string, keep: (entry: Dirent) => boolean): string[] =>
  readdirSync(out, { recursive: true, withFileTypes: true })
    .filter(keep)
    .map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => !name.startsWith('.toolcat-current/'))

/** The plain files of a project's output folder (symlinks aside), by path; `build/` stands for the generation folder, whose name is a content hash. */
const filesOf = (project: string): Map<string, string> => {
  const out = path.join(project, 'out')
  const byKey = listed(out, (entry) => entry.isFile()).map((name) => [name.replace(/^\.toolcat-build-[0-9a-f]{16}\//, 'build/'), readFileSync(path.join(out, name), 'utf8')] as const)
  return new Map(byKey.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

test('writes the catalog, its module, the registry, their types, one compiled entry and one validator per tool in a generation folder, a manifest and a module-type marker', () => {
  const names = [...filesOf(first).keys()]
  // The registry imports the entries of its own generation, beside it; the public modules re-export
  // the generation's through `.toolcat-current`, catalog.json is a link through it too.
  expect(filesOf(first).get('build/registry.js')).toMatch(/import\("\.\/tools\/add\.js"\)/)
  expect(filesOf(first).get('registry.js')).toMatch(/^export \* from '\.\/\.toolcat-current\/registry\.js'$/m)
  expect(readlinkSync(path.join(first, 'out/catalog.json'))).toBe('.toolcat-current/catalog.json')
  expect(readlinkSync(path.join(first, 'out/.toolcat-current'))).toMatch(/^\.toolcat-build-[0-9a-f]{16}$/)
  expect(names.filter((name) => !name.startsWith('build/tools/chunk-'))).toEqual([
    '.toolcat-manifest.json',
    'build/catalog.d.ts',
    'build/catalog.js',
    'build/catalog.json',
    'build/registry.d.ts',
    'build/registry.js',
    'build/search.d.ts',
    'build/search.js',
    'build/tools/add.js',
    'build/tools/add.validate.js',
    'build/tools/countdown.js',
    'build/tools/countdown.validate.js',
    'build/tools/delete-file.js',
    'build/tools/delete-file.validate.js',
    'build/tools/flaky.js',
    'build/tools/flaky.validate.js',
    'build/tools/helpers/equal.js',
    'build/tools/helpers/ucs2length.js',
    'build/tools/lookup.js',
    'build/tools/lookup.validate.js',
    'build/tools/search.js',
    'build/tools/search.validate.js',
    'catalog.d.ts',
    'catalog.js',
    'mcp-server.js',
    // The temp project has no package.json: without one saying "module", Node would not take .js as ESM.
    'package.json',
    'registry.d.ts',
    'registry.js',
    'search.d.ts',
    'search.js',
  ])
  // Code the tool modules share (the import recorder) is split into chunks.
  expect(names.some((name) => name.startsWith('build/tools/chunk-'))).toBe(true)
  // Each entry takes its validator from the module beside it; the validators, not bundled, import ajv's helpers through tools/helpers/, a module a helper.
  expect(filesOf(first).get('build/tools/add.js')).toMatch(/from "\.\/add\.validate\.js"/)
  expect(filesOf(first).get('build/tools/search.validate.js')).toMatch(/^import \{ equal as toolcat\$equal \} from "\.\/helpers\/equal\.js"$/m)
  expect(filesOf(first).get('build/tools/search.validate.js')).toMatch(/^import \{ ucs2length as toolcat\$ucs2length \} from "\.\/helpers\/ucs2length\.js"$/m)
  // Each module holds its one helper (and imports no package), not the rest of them.
  for (const name of ['equal', 'ucs2length']) {
    const helpers = filesOf(first).get(`build/tools/helpers/${name}.js`) ?? ''
    expect(helpers).not.toMatch(/from "[^./]/)
    expect(helpers).toMatch(new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\}`))
    expect(helpers).not.toMatch(/fullFormats|fast-uri|RE2/)
  }
  expect(filesOf(first).get('build/tools/helpers/equal.js')).not.toMatch(/ucs2length/)
  expect(readFileSync(path.join(first, 'out/catalog.json'), 'utf8')).toBe(serializeCatalog(fixtureCatalog()))
})

test('the same catalog and sources give byte-identical files, with no absolute path in them', () => {
  const [a, b] = [filesOf(first), filesOf(second)]
  expect([...a.keys()]).toEqual([...b.keys()])
  for (const [name, contents] of a) {
    expect(b.get(name), name).toBe(contents)
    for (const absolute of [repoRoot, first, path.dirname(first)]) expect(contents, name).not.toContain(absolute)
  }
})

test('renderOutDir renders in memory the files writeOutDir wrote, the generation folder named alike', async () => {
  const out = path.join(first, 'out')
  const rendered = await renderOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: out })
  // Rendered as the direct layout: the public modules name the generation, catalog.json is a copy.
  const generation = readlinkSync(path.join(out, '.toolcat-current'))
  const written = listed(out, (entry) => entry.isFile() || entry.name === 'catalog.json').filter((name) => !['.toolcat-manifest.json', 'package.json'].includes(name))
  expect(rendered.map((file) => path.relative(out, file.path)).sort()).toEqual(written.sort())
  for (const file of rendered) expect(file.contents, file.path).toBe(readFileSync(file.path, 'utf8').replaceAll('.toolcat-current', generation).replace(/ \(build [0-9a-f]{16}; a build switches [^)]*\)/, ''))
})

test('precompiled output holds no eval or new Function, and no ajv compiler', () => {
  for (const [name, contents] of filesOf(first)) {
    expect(contents, name).not.toMatch(/\beval\s*\(|new\s+Function\b|from\s+["']ajv["']/)
  }
})

test("compiled tool modules carry the defineTool they use instead of importing toolcat's root, which loads ajv", () => {
  const tools = [...filesOf(first)].filter(([name]) => name.startsWith('build/tools/'))
  expect(tools.length).toBeGreaterThan(0)
  for (const [name, contents] of tools) expect(contents, name).not.toMatch(/from\s+["']toolcat["']/)
  expect(tools.some(([, contents]) => /function defineTool\(/.test(contents))).toBe(true)
})

test('the catalog module exports each definition under a valid identifier, and all of them by default', async () => {
  const catalog = (await import(pathToFileURL(path.join(first, 'out/catalog.js')).href)) as Record<string, unknown>
  expect(Object.keys(catalog).sort()).toEqual(['add', 'countdown', 'default', 'delete_file', 'flaky', 'lookup', 'search'])
  expect(catalog.search).toEqual({
    name: 'search',
    title: 'Search notes',
    description: 'Search notes.',
    parameters: fixtureCatalog().tools.find((tool) => tool.name === 'search')?.parameters,
  })
  expect((catalog.default as { name: string }[]).map((definition) => definition.name)).toEqual(fixtureCatalog().tools.map((tool) => tool.name))
  expect((catalog.default as unknown[])[2]).toBe(catalog.delete_file)
})

test('runtime validators: the registry compiles with toolcat and entries carry no validator', async () => {
  const project = await generatedProject('runtime')
  try {
    const files = filesOf(project)
    expect(files.get('build/registry.js')).toContain('import { compileSchema, createLazyRegistry } from "toolcat"')
    expect(files.get('build/tools/add.js')).not.toContain('validate')
  } finally {
    rmSync(project, { recursive: true, force: true })
  }
})

test('a tool module that cannot be compiled rejects with its name, and nothing is written', async () => {
  const catalog = fixtureCatalog()
  const broken = { ...catalog, tools: [{ ...catalog.tools[0]!, source: { module: 'tools/missing.ts', export: 'default' } }] }
  const outDir = path.join(first, 'broken-out')
  await expect(writeOutDir(broken, { root: fixtureRoot, outDir })).rejects.toThrow(/tools\/missing\.ts/)
  expect(() => readdirSync(outDir)).toThrow(/ENOENT/)
})
