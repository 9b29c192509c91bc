import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { buildCatalog, createCatalogBuilder } from '../../src/build.js'
import { backendNames, linkTypeScript7 } from '../backends/both-backends.js'

/** A throwaway project with a package.json and the given files, without a tsconfig (defaults apply). */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcat-builder-'))
  writeFileSync(path.join(root, 'package.json'), '{"name":"scratch","version":"2.0.0"}')
  for (const [file, text] of Object.entries(files)) write(root, file, text)
  return root
}

function write(root: string, file: string, text: string): string {
  const full = path.join(root, file)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, text)
  return full
}

const greet = (fields: string) => `import { defineTool } from 'toolcat'
import type { Person } from './shared/person.js'
/** Greet someone. */
export const greet = defineTool({ execute(args: { ${fields} }) { return 'hi' } })
`

test.each(backendNames)('update() re-derives changed, added and removed files, including a shared type a tool imports (%s)', async (checker) => {
  const root = project({
    'tools/greet.ts': greet('name: string'),
    'tools/shared/person.ts': 'export interface Person { name: string }\n',
  })
  linkTypeScript7(root)
  const builder = createCatalogBuilder({ tools: path.join(root, 'tools'), checker })
  expect(builder.checker.name).toBe(checker)
  expect(builder.root).toBe(root)
  const first = builder.build()
  expect(first.diagnostics).toEqual([])
  expect(first.catalog.package).toEqual({ name: 'scratch', version: '2.0.0' })
  expect(first.catalog.tools.map((tool) => [tool.name, tool.source])).toEqual([['greet', { module: 'tools/greet.ts', export: 'greet' }]])

  const greetFile = write(root, 'tools/greet.ts', greet('name: string; who: Person'))
  const changed = builder.update([{ path: greetFile, kind: 'change' }])
  expect(Object.keys(changed.catalog.tools[0]!.parameters['properties'] as object)).toEqual(['name', 'who'])

  const personFile = write(root, 'tools/shared/person.ts', 'export interface Person { name: string; age: number }\n')
  const shared = builder.update([{ path: personFile, kind: 'change' }])
  expect(JSON.stringify(shared.catalog.tools[0]!.parameters)).toContain('"age"')

  const farewellFile = write(root, 'tools/farewell.ts', "import { defineTool } from 'toolcat'\nexport const farewell = defineTool({ execute() {} })\n")
  const added = builder.update([{ path: farewellFile, kind: 'add' }])
  expect(added.catalog.tools.map((tool) => tool.name)).toEqual(['farewell', 'greet'])
  expect(builder.toolFiles()).toEqual([farewellFile, greetFile, personFile])

  rmSync(greetFile)
  const removed = builder.update([{ path: greetFile, kind: 'unlink' }])
  expect(removed.catalog.tools.map((tool) => tool.name)).toEqual(['farewell'])
  expect(removed.catalog.hash).not.toBe(added.catalog.hash)
  await builder.close()
})

test('globs select tool modules relative to root, skipping tests and declaration files', () => {
  const tool = (name: string) => `import { defineTool } from 'toolcat'\nexport const ${name} = defineTool({ execute() {} })\n`
  const root = project({
    'src/a/one.tool.ts': tool('one'),
    'src/b/two.tool.ts': tool('two'),
    'src/b/two.tool.test.ts': tool('twoTest'),
    'src/c/three.ts': tool('three'),
    'src/types.d.ts': 'export {}\n',
  })
  const builder = createCatalogBuilder({ root, tools: ['src/**/*.tool.ts', 'src/c/*.ts'] })
  expect(builder.toolFiles().map((file) => path.relative(root, file))).toEqual(['src/a/one.tool.ts', 'src/b/two.tool.ts', 'src/c/three.ts'])
  expect(builder.build().catalog.tools.map((tool) => tool.name)).toEqual(['one', 'three', 'two'])
})

test('a tools folder with no tool module is a noTools diagnostic', () => {
  const root = project({ 'tools/helpers.ts': 'export const x = 1\n' })
  const { catalog, diagnostics } = buildCatalog({ root })
  expect(catalog.tools).toEqual([])
  expect(diagnostics).toMatchObject([{ code: 'TC1009', file: 'tools', message: 'no tool modules found in tools' }])
})
