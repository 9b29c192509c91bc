import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createCatalogBuilder } from '../../src/build.js'
import type { BuildResult, CheckerName } from '../../src/analyze/index.js'
import { backendNames, linkTypeScript7 } from '../backends/both-backends.js'

function write(root: string, file: string, text: string): string {
  const full = path.join(root, file)
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, text)
  return full
}

const tool = (name: string, imports: string, fields: string) => `import { defineTool } from 'toolcat'
${imports}
export const ${name} = defineTool({ execute(args: { ${fields} }) { return 1 } })
`

function parametersOf(result: BuildResult, name: string): Record<string, unknown> | undefined {
  return result.catalog.tools.find((entry) => entry.name === name)?.parameters
}

function propertyNames(result: BuildResult, name: string): string[] {
  return Object.keys((parametersOf(result, name)?.['properties'] ?? {}) as object)
}

/**
 * A project of three tools: `b` imports a type from tool module `a`, `c` a type from lib/ outside the
 * tools folder. It installs TypeScript 7, so that either checker can read it.
 */
function threeTools(checker: CheckerName): { root: string; builder: ReturnType<typeof createCatalogBuilder> } {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcat-incremental-'))
  linkTypeScript7(root)
  writeFileSync(path.join(root, 'package.json'), '{"name":"scratch","version":"1.0.0"}')
  write(root, 'tools/a.ts', `${tool('a', '', 'x: string')}export interface Shape { side: number }\n`)
  write(root, 'tools/b.ts', tool('b', "import type { Shape } from './a.js'", 'shape: Shape'))
  write(root, 'tools/c.ts', tool('c', "import type { Label } from '../lib/label.js'", 'label: Label'))
  write(root, 'lib/label.ts', 'export interface Label { text: string }\n')
  const builder = createCatalogBuilder({ tools: path.join(root, 'tools'), checker })
  expect(builder.checker.name).toBe(checker)
  opened.push(builder)
  return { root, builder }
}

const opened: ReturnType<typeof createCatalogBuilder>[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((builder) => builder.close()))
})

describe.each(backendNames)('on the %s checker', (checker) => {

  test('a changed tool module is re-derived alone: the other tools keep their derived schemas', () => {
    const { root, builder } = threeTools(checker)
    const first = builder.build()
    const file = write(root, 'tools/c.ts', tool('c', "import type { Label } from '../lib/label.js'", 'label: Label; count: number'))
    const next = builder.update([{ path: file, kind: 'change' }])
    expect(propertyNames(next, 'c')).toEqual(['label', 'count'])
    expect(parametersOf(next, 'a')).toBe(parametersOf(first, 'a'))
    expect(parametersOf(next, 'b')).toBe(parametersOf(first, 'b'))
    expect(next.catalog.tools.find((entry) => entry.name === 'a')?.hash).toBe(first.catalog.tools.find((entry) => entry.name === 'a')?.hash)
  })

  test('a tool module that another imports re-derives the importer too', () => {
    const { root, builder } = threeTools(checker)
    const first = builder.build()
    const file = write(root, 'tools/a.ts', `${tool('a', '', 'x: string')}export interface Shape { side: number; color: string }\n`)
    const next = builder.update([{ path: file, kind: 'change' }])
    expect(JSON.stringify(parametersOf(next, 'b'))).toContain('"color"')
    expect(parametersOf(next, 'c')).toBe(parametersOf(first, 'c'))
  })

  test('a changed file outside the tools folder re-derives every tool', () => {
    const { root, builder } = threeTools(checker)
    const first = builder.build()
    const file = write(root, 'lib/label.ts', 'export interface Label { text: string; lang: string }\n')
    const next = builder.update([{ path: file, kind: 'change' }])
    expect(JSON.stringify(parametersOf(next, 'c'))).toContain('"lang"')
    expect(parametersOf(next, 'a')).not.toBe(parametersOf(first, 'a'))
    expect(parametersOf(next, 'a')).toEqual(parametersOf(first, 'a'))
  })
})
