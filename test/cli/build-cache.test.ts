import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { cachedBuild } from '../../src/analyze/cache/cached-build.js'
import { projectCheckers } from '../../src/backends/checkers.js'
import { projectWith, toolSource, writeFile } from './project.js'
import { KILL_AT_COMMIT_STEP } from '../../src/emit/shared/commit-step.js'
import { build, expectSameAsCold, tree } from './cache-outputs.js'
import { repoRoot, runCli } from './run-cli.js'

const shared = "import type { Shared } from '../types/shared.js'"

/** Three tools, two of them on a shared type, and a tsconfig: what the edits below change. */
function cacheProject(): string {
  return projectWith({
    'package.json': '{ "name": "cached", "version": "1.0.0", "type": "module" }\n',
    'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler" } }\n',
    'types/shared.ts': 'export interface Shared {\n  /** @minLength 1 */ name: string\n  mode: "a" | "b"\n}\n',
    'tools/alpha.ts': toolSource('Alpha tool.', 'Shared & { a: number }', shared),
    'tools/beta.ts': toolSource('Beta tool.', '{ b: string; /** @minimum 1 */ count?: number }'),
    'tools/gamma.ts': toolSource('Gamma tool.', 'Shared', shared),
  })
}

describe('toolcat build with its cache', () => {
  test('a rebuild after edits, a rename, a deletion, a changed shared type and a changed tsconfig writes what a cold build writes', () => {
    const root = cacheProject()
    build(root, '--outDir', 'out')
    expect(readdirSync(path.join(root, 'node_modules/.cache/toolcat')).length).toBeGreaterThan(0)
    expectSameAsCold(root)
    writeFile(root, 'tools/beta.ts', toolSource('Beta tool, edited.', '{ b: string; extra: boolean[] }'))
    expectSameAsCold(root)
    renameSync(path.join(root, 'tools/gamma.ts'), path.join(root, 'tools/delta.ts'))
    expectSameAsCold(root)
    rmSync(path.join(root, 'tools/beta.ts'))
    expectSameAsCold(root)
    writeFile(root, 'types/shared.ts', 'export interface Shared {\n  name: string\n  mode: "a" | "b" | "c"\n  /** @maximum 9 */ level?: number\n}\n')
    expectSameAsCold(root)
    writeFile(root, 'tsconfig.json', '{ "compilerOptions": { "strict": false, "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler" } }\n')
    expectSameAsCold(root)
    const catalog = JSON.parse(readFileSync(path.join(root, 'out/catalog.json'), 'utf8')) as { tools: { name: string }[] }
    expect(catalog.tools.map((tool) => tool.name).sort()).toEqual(['alpha', 'delta'])
  }, 300_000)

  test('a corrupt or foreign cache file is ignored with one line, and the build is still right', () => {
    const root = cacheProject()
    build(root, '--outDir', 'out')
    const folder = path.join(root, 'node_modules/.cache/toolcat')
    const analysis = readdirSync(folder).find((name) => name.startsWith('analysis-')) as string
    const file = path.join(folder, analysis)
    writeFileSync(file, readFileSync(file, 'utf8').replace('alpha', 'omega'))
    const corrupt = expectSameAsCold(root)
    expect(corrupt.stderr.split('\n').filter((line) => line.startsWith('toolcat: ignoring the build cache'))).toEqual([
      `toolcat: ignoring the build cache ${file}: its authentication does not match (corrupt, edited, or written with another key)`,
    ])
    writeFileSync(file, '{"tools": []}\n')
    const foreign = expectSameAsCold(root)
    expect(foreign.stderr).toContain(`toolcat: ignoring the build cache ${file}: not a toolcat build cache\n`)
    // A rebuild after that wrote a valid cache again: nothing to say.
    expect(expectSameAsCold(root).stderr).not.toContain('ignoring')
  }, 300_000)

  test('--cache-dir puts the cache elsewhere and --no-cache writes none', () => {
    const root = cacheProject()
    build(root, '--out', 'catalog.json', '--no-cache')
    expect(() => readdirSync(path.join(root, 'node_modules/.cache/toolcat'))).toThrow()
    build(root, '--out', 'catalog.json', '--cache-dir', 'elsewhere')
    expect(readdirSync(path.join(root, 'elsewhere')).some((name) => name.startsWith('analysis-'))).toBe(true)
    const both = runCli(['build', 'tools', '--no-cache', '--cache-dir', 'x'], root)
    expect(both.status).toBe(2)
    expect(both.stderr).toContain('--cache-dir and --no-cache do not go together')
  }, 60_000)
})

describe('cachedBuild', () => {
  test('derives again only the modules whose inputs changed, and starts no checker when none did', async () => {
    const root = cacheProject()
    const options = { root, checker: 'ts-morph' as const }
    const relative = (files: readonly string[]): string[] => files.map((file) => path.relative(root, file)).sort()
    const first = await cachedBuild(options, projectCheckers)
    expect(relative(first.derived)).toEqual(['tools/alpha.ts', 'tools/beta.ts', 'tools/gamma.ts'])
    const again = await cachedBuild(options, projectCheckers)
    expect(again.derived).toEqual([])
    expect(again.catalog).toEqual(first.catalog)
    expect(again.checker).toEqual(first.checker)
    writeFile(root, 'tools/beta.ts', toolSource('Beta tool, edited.', '{ b: number }'))
    expect(relative((await cachedBuild(options, projectCheckers)).derived)).toEqual(['tools/beta.ts'])
    writeFile(root, 'types/shared.ts', 'export interface Shared {\n  name: string\n}\n')
    expect(relative((await cachedBuild(options, projectCheckers)).derived)).toEqual(['tools/alpha.ts', 'tools/beta.ts', 'tools/gamma.ts'])
    // Another checker, another key: nothing is shared between them.
    expect((await cachedBuild({ ...options, checker: 'auto' }, projectCheckers)).derived).toHaveLength(3)
  }, 300_000)
})

describe('validator code kept between builds', () => {
  test('a rebuild that takes every validator from the cache writes the same output as one that generates them', () => {
    const root = cacheProject()
    writeFile(root, 'tools/twin.ts', toolSource('Same schema as gamma.', 'Shared', shared))
    build(root, '--outDir', 'out')
    // The catalog changes (a description), so the output folder is written again, its validators from the memo.
    writeFile(root, 'tools/beta.ts', toolSource('Beta tool, described anew.', '{ b: string; /** @minimum 1 */ count?: number }'))
    const folder = path.join(root, 'node_modules/.cache/toolcat')
    const memo = readdirSync(folder).filter((name) => name.startsWith('validators-'))
    expect(memo.map((name) => readFileSync(path.join(folder, name), 'utf8')).join('')).toContain('"tool\\u0000tools')
    expectSameAsCold(root)
    // An output file edited by hand is not what the cache recorded: the folder is written again.
    writeFileSync(path.join(root, 'out/registry.js'), '// edited\n')
    expectSameAsCold(root)
  }, 300_000)
})

/** The files of the output's generation folder (path inside it → inode and bytes). */
function generationFiles(out: string): Map<string, { ino: number; text: string }> {
  const generation = readdirSync(out).find((name) => name.startsWith('.toolcat-build-')) as string
  const folder = path.join(out, generation, 'tools')
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(path.join(folder, name)).isFile())
  return new Map(files.map((name) => [name, { ino: statSync(path.join(folder, name)).ino, text: readFileSync(path.join(folder, name), 'utf8') }]))
}

describe('compiled modules carried over from the previous build', () => {
  test('a rebuild after one edit links every unchanged module from the previous generation, writes the changed ones, and matches a cold build', () => {
    const root = cacheProject()
    build(root, '--outDir', 'out')
    const before = generationFiles(path.join(root, 'out'))
    writeFile(root, 'tools/beta.ts', toolSource('Beta tool.', '{ b: string; flag?: boolean; /** @minimum 1 */ count?: number }'))
    expectSameAsCold(root)
    const after = generationFiles(path.join(root, 'out'))
    const same = [...after.keys()].filter((name) => before.get(name)?.text === after.get(name)?.text)
    // A parameter type is erased from the compiled entry: only beta's validator changed.
    expect(same).toEqual(expect.arrayContaining(['alpha.js', 'alpha.validate.js', 'beta.js', 'gamma.js', 'gamma.validate.js']))
    // The same file (one inode, two names until the previous generation went), not a copy.
    for (const name of same) expect(after.get(name)?.ino, name).toBe(before.get(name)?.ino)
    expect(after.get('beta.validate.js')?.text).not.toBe(before.get('beta.validate.js')?.text)
    expect(after.get('beta.validate.js')?.ino).not.toBe(before.get('beta.validate.js')?.ino)
  }, 300_000)

  test('a compiled module edited by hand is written again, not linked; a build killed after linking leaves the previous output whole', () => {
    const root = cacheProject()
    build(root, '--outDir', 'out')
    const out = path.join(root, 'out')
    const generation = readdirSync(out).find((name) => name.startsWith('.toolcat-build-')) as string
    writeFileSync(path.join(out, generation, 'tools', 'alpha.validate.js'), '// edited by hand\n')
    writeFile(root, 'tools/beta.ts', toolSource('Beta tool.', '{ b: string; flag?: boolean }'))
    const previous = tree(out)
    // Killed before the first rename of its commit: the new generation was staged, links and all.
    const { [KILL_AT_COMMIT_STEP]: _unset, ...inherited } = process.env
    const killed = spawnSync(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), 'build', 'tools', '--outDir', 'out'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...inherited, [KILL_AT_COMMIT_STEP]: '1' },
    })
    expect(killed.signal).toBe('SIGKILL')
    const left = tree(out)
    const staged = Object.keys(left).filter((name) => /\.toolcat-staging-|\.tmp$/.test(name))
    expect(staged.length).toBeGreaterThan(0)
    for (const name of staged) delete left[name]
    expect(left).toEqual(previous)
    expectSameAsCold(root)
    expect(generationFiles(out).get('alpha.validate.js')?.text).not.toContain('edited by hand')
  }, 300_000)
})
