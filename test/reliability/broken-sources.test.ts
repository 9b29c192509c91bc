import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createCatalogBuilder } from '../../src/build.js'
import { repoRoot, runToolcat, tempProject, type ProcessRun } from './temp-project.js'

const addTool = `import { defineTool } from 'toolcat'
/** Add two numbers. */
export const add = defineTool({ execute: (args: { a: number; b: number }) => args.a + args.b })
`
const outputs = ['--out', 'catalog.json', '--outDir', 'out']

let project = ''
let previous: Map<string, string>
/** Files added by one test, removed after it so the next starts from the same sources. */
let added: string[] = []

/** Every file under catalog.json and out/, by relative path. */
function snapshot(): Map<string, string> {
  const outFiles = readdirSync(path.join(project, 'out'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  const files = ['catalog.json', ...outFiles.map((entry) => path.relative(project, path.join(entry.parentPath, entry.name)))]
  return new Map(files.sort().map((file) => [file, readFileSync(path.join(project, file), 'utf8')]))
}

function write(file: string, contents: string): void {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
  writeFileSync(path.join(project, file), contents)
  added.push(file)
}

/** Runs the built CLI with file writes capped at `blocks` KiB, as a full disk would refuse them. */
function runWithFullDisk(blocks: number, args: readonly string[]): ProcessRun {
  const bin = path.join(repoRoot, 'dist/src/cli/bin.js')
  // An ignored SIGXFSZ turns an over-limit write into an EFBIG error instead of killing the process.
  const script = `ulimit -f ${blocks}; trap '' XFSZ; exec "$0" "$@"`
  const run = spawnSync('bash', ['-c', script, process.execPath, bin, ...args], { cwd: project, encoding: 'utf8' })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

/** Asserts a failed build: exit 1, the message on stderr, and the outputs of the last good build untouched. */
function expectRefused(run: ProcessRun, message: RegExp): void {
  expect(run.stdout + run.stderr).toMatch(message)
  expect(run.status).toBe(1)
  expect(snapshot()).toEqual(previous)
}

beforeAll(() => {
  project = tempProject({ 'tools/add.ts': addTool })
  const first = runToolcat(project, ['build', 'tools', ...outputs])
  expect(first.status, first.stderr).toBe(0)
  previous = snapshot()
}, 60_000)
afterEach(() => {
  for (const file of added) rmSync(path.join(project, file), { recursive: true, force: true })
  added = []
  // A build that wrongly succeeded must not leave its outputs for the next test to compare against.
  for (const file of snapshot().keys()) if (!previous.has(file)) rmSync(path.join(project, file))
  for (const [file, contents] of previous) writeFileSync(path.join(project, file), contents)
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('a broken build says why, exits 1 and leaves the previous outputs intact', () => {
  test('a syntax error in a tool file', () => {
    write('tools/broken.ts', "import { defineTool } from 'toolcat'\nexport const broken = defineTool({ execute: (args: { a: number }) => args.a\n")
    expectRefused(runToolcat(project, ['build', 'tools', ...outputs]), /tools\/broken\.ts:\d+:\d+ - error TC1008: '}' expected/)
  })

  // The analyzer does not report unresolved imports yet (the type silently becomes `{}`): flip to `test` once it does.
  test('a missing import', () => {
    write('tools/missing.ts', "import { defineTool } from 'toolcat'\nimport type { Thing } from './nowhere.js'\nexport const missing = defineTool({ execute: (args: { thing: Thing }) => 1 })\n")
    expectRefused(runToolcat(project, ['build', 'tools', ...outputs]), /tools\/missing\.ts:2:\d+ - error TC1010/)
  })

  test('a tsconfig that does not parse, or extends a missing file', () => {
    write('tsconfig.json', '{ "compilerOptions": { ')
    expectRefused(runToolcat(project, ['build', 'tools', ...outputs]), /tsconfig\.json - error TC1011: cannot use the tsconfig: '}' expected/)
    write('tsconfig.json', '{ "extends": "./missing-base.json" }')
    expectRefused(runToolcat(project, ['build', 'tools', ...outputs]), /tsconfig\.json - error TC1011: cannot use the tsconfig: Cannot read file '.*missing-base\.json'/)
  })

  test('an empty tools folder', () => {
    mkdirSync(path.join(project, 'empty'))
    added.push('empty')
    expectRefused(runToolcat(project, ['build', 'empty', ...outputs]), /empty - error TC1009: no tool modules found in empty/)
  })

  test('an output folder that cannot be created, even by root: its parent is a regular file', () => {
    expectRefused(runToolcat(project, ['build', 'tools', '--out', 'catalog.json/inner.json']), /toolcat: cannot write .*catalog\.json\/inner\.json: EEXIST/)
    expectRefused(runToolcat(project, ['build', 'tools', '--outDir', 'package.json/out']), /toolcat: cannot write .*package\.json\/out: ENOTDIR/)
  })

  test('a full disk, whether the first write fails or one midway through the batch', () => {
    // A new tool, so that every output of this build differs from the previous one.
    write('tools/subtract.ts', addTool.replace('export const add', 'export const subtract'))
    expectRefused(runWithFullDisk(0, ['build', 'tools', ...outputs]), /toolcat: cannot write .*: EFBIG: file too large/)
    // One KiB lets the small files through and fails a larger one: none may replace its predecessor.
    expectRefused(runWithFullDisk(1, ['build', 'tools', ...outputs]), /toolcat: cannot write .*: EFBIG: file too large/)
    expect(readdirSync(path.join(project, 'out')).filter((file) => file.endsWith('.tmp'))).toEqual([])
  })
})

describe('sources that are unusual but not broken', () => {
  test('circular type imports build, the cycle under $defs', () => {
    write('lib/a.ts', "import type { B } from './b.js'\nexport interface A { name: string; b?: B }\n")
    write('lib/b.ts', "import type { A } from './a.js'\nexport interface B { n: number; a?: A }\n")
    write('tools/circular.ts', "import { defineTool } from 'toolcat'\nimport type { A } from '../lib/a.js'\nexport const circular = defineTool({ execute: (args: { a: A }) => args.a.name })\n")
    const run = runToolcat(project, ['build', 'tools', '--json', '--out', 'circular.json'])
    added.push('circular.json')
    expect(run.status, run.stderr).toBe(0)
    const { catalog } = JSON.parse(run.stdout) as { catalog: { tools: { name: string; parameters: Record<string, unknown> }[] } }
    const circular = catalog.tools.find((tool) => tool.name === 'circular')
    expect(circular?.parameters).toMatchObject({ properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'object' } } })
  })

  test('tool files deleted while watching: the catalog drops them, then reports that none are left', () => {
    write('tools/second.ts', "import { defineTool } from 'toolcat'\nexport const second = defineTool({ execute: () => 2 })\n")
    const builder = createCatalogBuilder({ root: project })
    expect(builder.build().catalog.tools.map((tool) => tool.name)).toEqual(['add', 'second'])
    const remove = (file: string) => {
      const absolute = path.join(project, file)
      unlinkSync(absolute)
      return builder.update([{ path: absolute, kind: 'unlink' }])
    }
    const afterOne = remove('tools/second.ts')
    expect(afterOne.diagnostics).toEqual([])
    expect(afterOne.catalog.tools.map((tool) => tool.name)).toEqual(['add'])
    const afterAll = remove('tools/add.ts')
    writeFileSync(path.join(project, 'tools/add.ts'), addTool)
    expect(afterAll.catalog.tools).toEqual([])
    expect(afterAll.diagnostics).toEqual([expect.objectContaining({ code: 'TC1009', severity: 'error', message: 'no tool modules found in tools' })])
  })
})
