import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import type { CatalogTool } from '../../src/runtime/catalog.js'
import { runCli, temporaryFolder } from '../cli/run-cli.js'
import { diffRules } from './diff-rules.js'
import { catalogOf } from './rich-catalog.js'

const folder = temporaryFolder()

/** Writes a catalog of these tools to a temporary file and returns its path. */
function catalogFile(name: string, tools: CatalogTool[]): string {
  const file = path.join(folder, `${name}.json`)
  writeFileSync(file, JSON.stringify(catalogOf(...tools)))
  return file
}

describe('toolcat diff on each rule pair', () => {
  test.each(diffRules.map((row, index) => [row.rule, row, index] as const))('%s', (_rule, row, index) => {
    const run = runCli(['diff', catalogFile(`old-${index}`, row.old), catalogFile(`new-${index}`, row.next)])
    const breaking = row.expected.some((change) => change.class === 'breaking')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(breaking ? 1 : 0)
    for (const change of row.expected) expect(run.stdout).toMatch(new RegExp(`^${change.class} +t +${change.path ? change.path.replace(/[.[\]]/g, '\\$&') : '-'} +${change.kind}: `, 'm'))
    if (row.expected.length === 0) expect(run.stdout).toBe('no changes\n')
  })
})

describe('toolcat diff usage', () => {
  const some = catalogFile('some', diffRules[0]!.old)

  test('--json prints the classified changes', () => {
    const run = runCli(['diff', some, catalogFile('none', []), '--json'])
    expect(run.status).toBe(1)
    expect(JSON.parse(run.stdout)).toEqual({ changes: [{ tool: 't', path: '', kind: 'tool-removed', class: 'breaking', message: 'tool removed' }], breaking: true })
  })

  test.each([
    ['one file', [some], /diff needs two catalog files/],
  ])('%s is a usage error (exit 2) without a stack trace', (_case, args, message) => {
    const run = runCli(['diff', ...args])
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(message)
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  test.each([
    ['a missing file', [some, path.join(folder, 'absent.json')], /^toolcat: Cannot read the catalog .*absent\.json: there is no such file \(ENOENT\)\.$/m],
    ['a folder without a catalog.json', [some, folder], /^toolcat: Cannot read the catalog .*catalog\.json: there is no such file \(ENOENT\)\.$/m],
    ['a file that is not JSON', [some, fileURLToPath(import.meta.url)], /The catalog .* is not JSON/],
    ['JSON that is not a catalog', [some, catalogFileText('{"tools": [{"name": 1}]}')], /is not a toolcat catalog: tools\[0\] lacks a name/],
  ])('%s is an error (exit 1) said as a sentence with its path, without a stack trace', (_case, args, message) => {
    const run = runCli(['diff', ...args])
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(message)
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })
})

function catalogFileText(text: string): string {
  const file = path.join(folder, 'not-a-catalog.json')
  writeFileSync(file, text)
  return file
}
