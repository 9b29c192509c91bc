import { expect, test } from 'vitest'
import { uniqueFileNames, uniqueIdentifiers } from '../../src/emit/shared/identifiers.js'

test('tool names become valid, distinct, stable identifiers', () => {
  const names = ['delete-file', 'delete_file', 'delete', 'default', 'a-b-c', '_x']
  expect([...uniqueIdentifiers(names)]).toEqual([
    ['delete-file', 'delete_file'],
    ['delete_file', 'delete_file$2'],
    ['delete', 'delete$'],
    ['default', 'default$'],
    ['a-b-c', 'a_b_c'],
    ['_x', '_x'],
  ])
  for (const identifier of uniqueIdentifiers(names).values()) expect(() => new Function(`const ${identifier} = 1`)).not.toThrow()
})

test('file names stay distinct on case-insensitive file systems', () => {
  expect([...uniqueFileNames(['Add', 'add', 'ADD', 'search']).values()]).toEqual(['Add', 'add.2', 'ADD.3', 'search'])
})
