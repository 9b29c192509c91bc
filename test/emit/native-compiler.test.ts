import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { compileHandlersModule } from '../../src/emit/compiler/compile-module.js'
import { stripTypes } from '../../src/emit/compiler/strip-types.js'
import { copyFixture, repoRoot, runCli, temporaryFolder } from '../cli/run-cli.js'

const made: string[] = []
afterAll(() => {
  for (const folder of made) rmSync(path.dirname(folder), { recursive: true, force: true })
})

/** Every file under `folder`, relative to it, sorted, with its bytes. */
function tree(folder: string): Map<string, Buffer> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  const entries = files.map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort()
  return new Map(entries.map((file) => [file, readFileSync(path.join(folder, file))]))
}

function built(): string {
  const root = copyFixture('basic')
  made.push(root)
  const run = runCli(['build', 'tools', '--outDir', 'out'], root)
  expect(run.status, run.stderr).toBe(0)
  return root
}

test('an --outDir build is byte-identical in two different folders, and no file names the build\'s root, toolcat\'s folder or a \\0 module id', () => {
  const [first, second] = [built(), built()]
  const a = tree(path.join(first, 'out'))
  const b = tree(path.join(second, 'out'))
  expect([...a.keys()]).toEqual([...b.keys()])
  expect([...a.keys()].filter((file) => /(^|\/)\.toolcat-build-[^/]+\/tools\/[^/]+\.js$/.test(file)).length).toBeGreaterThan(13)
  for (const [file, bytes] of a) {
    expect(bytes.equals(b.get(file) as Buffer), file).toBe(true)
    const text = bytes.toString('utf8')
    for (const absolute of [first, path.resolve(repoRoot), '\0']) expect(text.includes(absolute), `${file} holds ${JSON.stringify(absolute)}`).toBe(false)
  }
})

test('a --handlers module that does not parse is reported at file:line:col, relative to the working directory', async () => {
  const cwd = temporaryFolder()
  made.push(path.join(cwd, 'x'))
  writeFileSync(path.join(cwd, 'broken.ts'), 'export const ok = 1\nexport const bad = (\n')
  await expect(compileHandlersModule(path.join(cwd, 'broken.ts'), path.join(cwd, 'out/handlers.js'), cwd)).rejects.toThrow(/^broken\.ts:3:1: /)
})

test('a --handlers module compiles to one file whose exports are listed without running it', async () => {
  const cwd = temporaryFolder()
  made.push(path.join(cwd, 'x'))
  writeFileSync(path.join(cwd, 'host.ts'), "import { readFileSync } from 'node:fs'\nexport const a = (x: number): number => x\nexport function b(): typeof readFileSync { return readFileSync }\nexport default 1\nthrow new Error('ran')\n")
  const names = await compileHandlersModule(path.join(cwd, 'host.ts'), path.join(cwd, 'out/handlers.js'), cwd)
  expect([...names].sort()).toEqual(['a', 'b', 'default'])
  expect(readFileSync(path.join(cwd, 'out/handlers.js'), 'utf8')).not.toContain(': number')
})

test('stripping types keeps the JavaScript and its imports, drops type-only ones, and reports a syntax error at file:line:col', async () => {
  const stripped = await stripTypes("import type { T } from './t.js'\nimport { v } from './v.js'\nexport const x: T = v as T\n", '/p/a.ts')
  expect(stripped.code).toBe("import { v } from \"./v.js\";\nexport const x = v;\n")
  expect(JSON.parse(stripped.map).mappings).not.toBe('')
  await expect(stripTypes('const a = (\n', path.join(process.cwd(), 'a.ts'))).rejects.toThrow(/^a\.ts:2:1: /)
})
