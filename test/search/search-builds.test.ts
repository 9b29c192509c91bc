import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { linkTypeScript7 } from '../backends/both-backends.js'
import { copyFixture, runCli } from '../cli/run-cli.js'

// fixtures/basic built three times by the real CLI: twice with ts-morph, once with the native checker.
let project = ''
beforeAll(() => {
  project = copyFixture('basic')
  // The native checker runs the project's own TypeScript 7.
  linkTypeScript7(project)
  for (const [out, checker] of [['out-morph', 'ts-morph'], ['out-again', 'ts-morph'], ['out-native', 'native']]) {
    const run = runCli(['build', 'tools', '--outDir', out as string, '--checker', checker as string], project)
    if (run.status !== 0) throw new Error(`build with ${checker} failed: ${run.stderr}`)
  }
}, 240_000)
afterAll(() => rmSync(path.dirname(project), { recursive: true, force: true }))

const read = (out: string, file: string) => readFileSync(path.join(project, out, file), 'utf8')

describe('the search index written with the catalog', () => {
  test('identical bytes on both checkers and across builds; it imports nothing', () => {
    // The public search.js re-exports the build's own, in the folder `.toolcat-current` leads to.
    expect(read('out-morph', 'search.js')).toContain("export { default } from './.toolcat-current/search.js'")
    const index = read('out-morph', '.toolcat-current/search.js')
    expect(read('out-native', '.toolcat-current/search.js')).toBe(index)
    expect(read('out-again', '.toolcat-current/search.js')).toBe(index)
    expect(index).not.toMatch(/\bimport\b[^('"]*from\b/)
    expect(index).toMatch(/^export default JSON\.parse\('/m)
    expect(read('out-morph', '.toolcat-current/search.d.ts')).toContain("import type { SearchIndex } from 'toolcat/search'")
  })

  test('toolcat search ranks an output folder and a catalog file alike', () => {
    const folder = runCli(['search', 'out-morph', 'make a support ticket', '--limit', '3', '--json'], project)
    const file = runCli(['search', 'out-morph/catalog.json', 'make a support ticket', '--limit', '3', '--json'], project)
    expect(folder.status).toBe(0)
    const found = JSON.parse(folder.stdout) as { name: string; score: number }[]
    expect(found[0]?.name).toBe('create_ticket')
    expect(found.length).toBeLessThanOrEqual(3)
    expect(JSON.parse(file.stdout)).toEqual(found)
    const text = runCli(['search', 'out-morph', 'weather forecast'], project)
    expect(text.stdout.split('\n')[0]).toMatch(/^\S*weather\S*\s+[0-9.]+\s+/)
  })

  test('bad usage is a clear message and exit 2', () => {
    expect(runCli(['search', 'out-morph'], project)).toMatchObject({ status: 2, stderr: expect.stringContaining('search needs') })
    expect(runCli(['search', 'nowhere', 'x'], project)).toMatchObject({ status: 2, stderr: expect.stringContaining('nowhere: no such file or folder') })
    expect(runCli(['search', 'out-morph', 'x', '--limit', 'lots'], project)).toMatchObject({ status: 2, stderr: expect.stringContaining('--limit') })
  })
})
