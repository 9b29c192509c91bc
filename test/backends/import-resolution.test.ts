import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { createCatalogBuilder } from '../../src/build.js'
import { codes } from '../../src/codes.js'
import { backendNames, folderResolvingTypeScript7, writeProjectFile } from './both-backends.js'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

// The native backend answers most names from each module's exports, asked once per module; the
// names those lack are asked where they are written. Both must agree with TypeScript 6's answer.
test('TC1010 for every imported or re-exported name a module does not export, through re-exports and `export *`, alike on both backends', async () => {
  const root = folderResolvingTypeScript7('toolcat-imports-')
  folders.push(root)
  writeProjectFile(root, 'types/m.ts', 'export interface A { a: string }\nexport type __Under = number\n')
  writeProjectFile(root, 'types/reexport.ts', "export { Missing as Gone, A as Renamed } from './m.js'\nexport * from './m.js'\n")
  writeProjectFile(root, 'types/legacy.d.ts', "declare module 'legacy' {\n  const value: number\n  export = value\n}\n")
  writeProjectFile(
    root,
    'tools/t.ts',
    [
      '/// <reference path="../types/legacy.d.ts" />',
      "import { defineTool } from 'toolcat'",
      "import type { A, Nope, __Under } from '../types/m.js'",
      "import type { Gone, Renamed, A as Again } from '../types/reexport.js'",
      "import legacy from 'legacy'",
      "import type NoDefault from '../types/m.js'",
      "import './../types/m.js'",
      "export { type A as B, Absent } from '../types/m.js'",
      'export const t = defineTool({ execute(args: { a: A; b: Again; c: Renamed; d: __Under }) { return legacy } })',
      '',
    ].join('\n'),
  )
  const found = []
  for (const checker of backendNames) {
    const builder = createCatalogBuilder({ root, tools: path.join(root, 'tools'), checker })
    try {
      found.push(builder.build().diagnostics.map(({ code, message, file, line, column }) => ({ code, message, at: `${file}:${line}:${column}` })))
    } finally {
      await builder.close()
    }
  }
  const [morph, native] = found
  expect(native).toEqual(morph)
  expect(morph?.filter(({ code }) => code === codes.unresolvedImport).map(({ at, message }) => `${at} ${message.split(':')[0]}`)).toEqual([
    "tools/t.ts:3:18 cannot resolve `Nope` in '../types/m.js'",
    "tools/t.ts:4:15 cannot resolve `Gone` in '../types/reexport.js'",
    "tools/t.ts:6:13 cannot resolve `NoDefault` in '../types/m.js'",
    "tools/t.ts:8:23 cannot resolve `Absent` in '../types/m.js'",
  ])
}, 120_000)
