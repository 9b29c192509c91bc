import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { TOOLCAT_EXPORTS, toolcatNamesImported, toolcatSubsetModule } from '../../src/emit/shared/toolcat-imports.js'
import * as toolcat from '../../src/index.js'
import { repoRoot } from '../registry/out-dir.js'

test("the table names every value export of toolcat's index, each from the module that defines it", async () => {
  expect(Object.keys(TOOLCAT_EXPORTS).sort()).toEqual(Object.keys(toolcat).sort())
  for (const [name, file] of Object.entries(TOOLCAT_EXPORTS)) {
    const module = (await import(path.join(repoRoot, 'src', file.replace(/\.js$/, '.ts')))) as Record<string, unknown>
    expect(module[name], name).toBe((toolcat as Record<string, unknown>)[name])
  }
})

test('reads the names a tool module imports from toolcat, types left out', () => {
  expect(toolcatNamesImported("import { defineTool } from 'toolcat'\nexport default defineTool({})")).toEqual(['defineTool'])
  expect(toolcatNamesImported('import { defineTool, type ToolDescriptor, ToolError as Failure } from "toolcat"')).toEqual(['ToolError', 'defineTool'])
  expect(toolcatNamesImported("import type { Catalog } from 'toolcat'\nimport { defineTool } from 'toolcat'")).toEqual(['defineTool'])
  expect(toolcatNamesImported('import { readFile } from "node:fs"')).toEqual([])
})

test('gives up, for the whole index, on any other mention of toolcat or a name it does not know', () => {
  expect(toolcatNamesImported("import * as toolcat from 'toolcat'")).toBeUndefined()
  expect(toolcatNamesImported("export { defineTool } from 'toolcat'")).toBeUndefined()
  expect(toolcatNamesImported("import { defineTool } from 'toolcat'\nconst lazy = () => import('toolcat')")).toBeUndefined()
  expect(toolcatNamesImported("import { defineTool, ToolDescriptor } from 'toolcat'")).toBeUndefined()
  expect(toolcatNamesImported("import toolcat from 'toolcat'")).toBeUndefined()
})

test('the subset module re-exports each name from its own module', () => {
  expect(toolcatSubsetModule(['ToolError', 'defineTool'])).toBe('export { ToolError } from "./runtime/tool-error.js"\nexport { defineTool } from "./runtime/define-tool.js"\n')
  // The corpus's tool modules take only defineTool: they are what the narrowing is for.
  const tool = readFileSync(path.join(repoRoot, 'fixtures/basic/tools/weather.ts'), 'utf8')
  expect(toolcatNamesImported(tool)).toEqual(['defineTool'])
})
