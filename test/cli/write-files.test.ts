import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { writeFilesAtomically } from '../../src/emit/write-files.js'
import { temporaryFolder } from './run-cli.js'

test('writes every file, creating missing folders, and leaves no temporary file', () => {
  const folder = temporaryFolder()
  writeFilesAtomically([
    { path: path.join(folder, 'a.json'), contents: 'a' },
    { path: path.join(folder, 'deep/er/b.js'), contents: 'b' },
  ])
  expect(readFileSync(path.join(folder, 'a.json'), 'utf8')).toBe('a')
  expect(readFileSync(path.join(folder, 'deep/er/b.js'), 'utf8')).toBe('b')
  expect(readdirSync(folder).sort()).toEqual(['a.json', 'deep'])
})

test('when one file cannot be written, the previous files stay as they were and no temporary is left', () => {
  const folder = temporaryFolder()
  const catalog = path.join(folder, 'catalog.json')
  writeFileSync(catalog, 'old')
  // The second file's folder would have to be the existing catalog file: it fails after the first was staged.
  const failing = () =>
    writeFilesAtomically([
      { path: catalog, contents: 'new' },
      { path: path.join(catalog, 'nested.js'), contents: 'x' },
    ])
  expect(failing).toThrow()
  expect(readFileSync(catalog, 'utf8')).toBe('old')
  expect(readdirSync(folder)).toEqual(['catalog.json'])
})
