import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { CliProcess, leftovers } from './cli-process.js'
import { largeProject, projectWith, toolSource, writeFile } from './project.js'
import { generationDir } from '../registry/out-dir.js'
import { runCli } from './run-cli.js'

/** Every file (not folder) under `folder`, relative with forward slashes, sorted. */
const listing = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    // Node's recursive readdir follows the link to the build in use: its files are listed under their own folder.
    .filter((name) => !name.startsWith('.toolcat-current/'))
    .sort()
const manifestOf = (out: string): string[] => (JSON.parse(readFileSync(path.join(out, '.toolcat-manifest.json'), 'utf8')) as { files: string[] }).files

test('--outDir removes what an earlier build wrote and this one does not, and nothing it did not write', () => {
  const root = projectWith({
    'package.json': '{ "name": "clean-app", "version": "1.0.0", "type": "module" }\n',
    'tools/add.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
    'tools/shout.ts': toolSource('Shout a word.', '{ word: string }'),
    // The user's own files in the output folder, one of them where tool modules go.
    'out/NOTES.md': 'mine\n',
    'out/tools/mine.js': 'export const mine = 1\n',
    // Outside the folder, named in a tampered manifest below.
    'victim.txt': 'keep me\n',
  })
  const out = path.join(root, 'out')
  expect(runCli(['build', 'tools', '--outDir', 'out'], root).status).toBe(0)
  const generation = generationDir(out)
  expect(existsSync(path.join(out, generation, 'shout.js'))).toBe(true)
  const written = manifestOf(out)
  expect(written).toContain(`${generation}/shout.validate.js`)
  expect(written).not.toContain('NOTES.md')
  expect(written).not.toContain('tools/mine.js')
  // Everything on disk is either listed or the user's.
  expect(listing(out)).toEqual([...written, '.toolcat-manifest.json', 'NOTES.md', 'tools/mine.js'].sort())

  rmSync(path.join(root, 'tools/shout.ts'))
  const manifest = path.join(out, '.toolcat-manifest.json')
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"files": [', '"files": [\n    "../victim.txt",\n    "/etc/hostname",'))
  const second = runCli(['build', 'tools', '--outDir', 'out'], root)
  expect(second.status).toBe(0)
  // The previous generation, shout's modules in it, is gone whole.
  expect(existsSync(path.join(out, generation))).toBe(false)
  expect(existsSync(path.join(out, generationDir(out), 'shout.js'))).toBe(false)
  expect(readFileSync(path.join(out, 'NOTES.md'), 'utf8')).toBe('mine\n')
  expect(readFileSync(path.join(out, 'tools/mine.js'), 'utf8')).toBe('export const mine = 1\n')
  expect(readFileSync(path.join(root, 'victim.txt'), 'utf8')).toBe('keep me\n')
  expect(listing(out)).toEqual([...manifestOf(out), '.toolcat-manifest.json', 'NOTES.md', 'tools/mine.js'].sort())
  expect(manifestOf(out).filter((file) => file.includes('shout'))).toEqual([])
})

test('a folder that only held removed files goes too; one that holds a file of the user stays', () => {
  const root = projectWith({
    'package.json': '{ "name": "folders-app", "version": "1.0.0", "type": "module" }\n',
    'tools/add.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
  })
  const out = path.join(root, 'out')
  writeFile(root, 'out/.toolcat-manifest.json', JSON.stringify({ generator: 'toolcat', files: ['old/deep/gone.js', 'kept/gone.js'] }))
  writeFile(root, 'out/old/deep/gone.js', '')
  writeFile(root, 'out/kept/gone.js', '')
  writeFile(root, 'out/kept/user.js', '')
  expect(runCli(['build', 'tools', '--outDir', 'out'], root).status).toBe(0)
  expect(existsSync(path.join(out, 'old'))).toBe(false)
  expect(readdirSync(path.join(out, 'kept'))).toEqual(['user.js'])
})

describe('a signal in the middle of a build', () => {
  let root: string
  let out: string
  let before: string
  beforeAll(() => {
    root = largeProject(120)
    out = path.join(root, 'out')
    expect(runCli(['build', 'tools', '--outDir', 'out', '--out', 'catalog.json'], root).status).toBe(0)
    before = readFileSync(path.join(out, 'catalog.json'), 'utf8')
  }, 180_000)

  test.each([
    { signal: 'SIGINT', group: true, as: 'Ctrl-C (SIGINT to the process group, esbuild included)' },
    { signal: 'SIGTERM', group: false, as: 'SIGTERM to toolcat alone' },
  ] as const)('$as leaves no staging folder or temporary file, and the previous output', async ({ signal, group }) => {
    // A change every tool sees, so the build has everything to redo.
    writeFile(root, 'types/shared.ts', readFileSync(path.join(root, 'types/shared.ts'), 'utf8').replace(/\n}\n$/, `\n  ${signal.toLowerCase()}?: number\n}\n`))
    const cli = new CliProcess(['build', 'tools', '--outDir', 'out', '--out', 'catalog.json'], root, { group })
    try {
      await waitForStaging(out, cli)
      cli.signal(signal, group)
      expect(await cli.ended).toEqual({ code: null, signal })
    } finally {
      cli.stop()
    }
    expect(leftovers(root)).toEqual([])
    expect(readFileSync(path.join(out, 'catalog.json'), 'utf8')).toBe(before)
    expect(readFileSync(path.join(root, 'catalog.json'), 'utf8')).toBe(before)
    for (const file of manifestOf(out)) expect(existsSync(path.join(out, file)), file).toBe(true)
  }, 120_000)
})

/** Polls the output folder until the build's staging folder appears. */
async function waitForStaging(out: string, cli: CliProcess): Promise<void> {
  for (let until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 2))) {
    if (leftovers(out).some((entry) => entry.startsWith('.toolcat-staging-'))) return
    if (cli.child.exitCode !== null) throw new Error(`the build ended before it could be interrupted:\n${cli.stderr}`)
  }
  throw new Error('the build never started writing')
}
