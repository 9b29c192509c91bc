import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { WriteBatch, writeFilesAtomically } from '../../src/emit/shared/write-files.js'
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

test('a batch renames files another writer staged together with its own, and removes the staging folder', () => {
  const folder = temporaryFolder()
  const batch = new WriteBatch()
  batch.write([{ path: path.join(folder, 'out/registry.js'), contents: 'registry' }])
  const staging = batch.stagingFolder(path.join(folder, 'out'))
  mkdirSync(path.join(staging, 'tools'))
  writeFileSync(path.join(staging, 'tools/a.js'), 'a')
  batch.adopt(path.join(staging, 'tools/a.js'), path.join(folder, 'out/tools/a.js'))
  expect(readdirSync(path.join(folder, 'out'))).not.toContain('registry.js')
  batch.commit()
  expect(readFileSync(path.join(folder, 'out/registry.js'), 'utf8')).toBe('registry')
  expect(readFileSync(path.join(folder, 'out/tools/a.js'), 'utf8')).toBe('a')
  expect(readdirSync(path.join(folder, 'out')).sort()).toEqual(['registry.js', 'tools'])
})

test('an aborted batch leaves the previous files, and removes its temporaries, staging and the folders it created', () => {
  const folder = temporaryFolder()
  writeFileSync(path.join(folder, 'catalog.json'), 'old')
  const batch = new WriteBatch()
  batch.write([
    { path: path.join(folder, 'catalog.json'), contents: 'new' },
    { path: path.join(folder, 'fresh/deep/registry.js'), contents: 'registry' },
  ])
  writeFileSync(path.join(batch.stagingFolder(folder), 'tool.js'), 'tool')
  batch.abort()
  expect(readFileSync(path.join(folder, 'catalog.json'), 'utf8')).toBe('old')
  expect(readdirSync(folder)).toEqual(['catalog.json'])
})
