import { describe, expect, test } from 'vitest'
import { diffCatalogs, formatDiffTable } from '../../src/interop/diff/index.js'
import { diffRules } from './diff-rules.js'
import { catalogOf, richCatalog } from './rich-catalog.js'

describe('diffCatalogs classifies each rule', () => {
  test.each(diffRules.map((row) => [row.rule, row] as const))('%s', (_rule, row) => {
    const diff = diffCatalogs(catalogOf(...row.old), catalogOf(...row.next))
    expect(diff.changes.map(({ kind, class: cls, path }) => ({ kind, class: cls, path }))).toEqual(row.expected)
    expect(diff.breaking).toBe(row.expected.some((change) => change.class === 'breaking'))
  })
})

test('a catalog compared with itself has no changes, recursive definitions included', () => {
  expect(diffCatalogs(richCatalog, structuredClone(richCatalog))).toEqual({ changes: [], breaking: false })
})

test('the table lists breaking rows first under aligned columns', () => {
  const table = formatDiffTable([
    { tool: 'search', path: 'description', kind: 'description-changed', class: 'compatible', message: 'description changed' },
    { tool: 'add', path: 'parameters.n', kind: 'type-narrowed', class: 'breaking', message: 'type number → integer' },
  ])
  expect(table).toBe(
    [
      'class       tool    path          change',
      'breaking    add     parameters.n  type-narrowed: type number → integer',
      'compatible  search  description   description-changed: description changed',
    ].join('\n'),
  )
})
