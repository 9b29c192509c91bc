import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { CliProcess, leftovers } from './cli-process.js'
import { largeProject, projectWith, toolSource, writeFile } from './project.js'
import { generationDir } from '../registry/out-dir.js'

type Catalog = { tools: { name: string; parameters: { properties: Record<string, { type?: string }> } }[] }

const running: CliProcess[] = []
afterEach(() => {
  for (const process of running.splice(0)) process.stop()
})

function watch(args: string[], cwd: string): CliProcess {
  const child = new CliProcess([...args, '--watch'], cwd)
  running.push(child)
  return child
}

const readCatalog = (file: string): Catalog => JSON.parse(readFileSync(file, 'utf8')) as Catalog
const propertiesOf = (catalog: Catalog, name: string): string[] => Object.keys(catalog.tools.find((tool) => tool.name === name)?.parameters.properties ?? {})
const ok = (tools: number) => new RegExp(`^✔ ${tools} tools? · 0 errors · 0 warnings · \\d+ ms · (?:native|ts-morph) TypeScript [\\d.]+ → out$`)

test('build --watch rebuilds on edits, type-file edits, new and deleted tools; a failure keeps the last output; Ctrl-C leaves nothing half-written', async () => {
  const root = projectWith({
    'package.json': '{ "name": "watch-app", "version": "1.0.0", "type": "module" }\n',
    'tools/add.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
    'tools/greet.ts': toolSource('Greet a person.', 'Person', "import type { Person } from '../types/person.js'"),
    'types/person.ts': 'export interface Person {\n  name: string\n}\n',
  })
  const out = path.join(root, 'out')
  const catalogFile = path.join(out, 'catalog.json')
  const cli = watch(['build', 'tools', '--outDir', 'out'], root)
  await cli.waitFor((stderr) => stderr.includes('toolcat: watching tools and the files its tools import; Ctrl-C to stop\n'))
  expect(await cli.summary(1)).toMatch(ok(2))

  writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', '{ left: number; right: number; carry?: boolean }'))
  expect(await cli.summary(2)).toMatch(ok(2))
  expect(propertiesOf(readCatalog(catalogFile), 'add')).toEqual(['left', 'right', 'carry'])

  // A type file outside the tools folder that a tool imports.
  writeFile(root, 'types/person.ts', 'export interface Person {\n  name: string\n  title?: string\n}\n')
  expect(await cli.summary(3)).toMatch(ok(2))
  expect(propertiesOf(readCatalog(catalogFile), 'greet')).toEqual(['name', 'title'])

  // Deleting the type file breaks the import (the last output stays); creating it again mends it.
  const person = readFileSync(path.join(root, 'types/person.ts'), 'utf8')
  rmSync(path.join(root, 'types/person.ts'))
  // The import that no longer resolves: one problem, one diagnostic (Person, read as any, would be an open object).
  expect(await cli.summary(4)).toMatch(/^✖ 2 tools · 1 error · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ · last output kept$/)
  expect(cli.stderr).toMatch(/tools\/greet\.ts:2:29 - error TC1010: cannot resolve '\.\.\/types\/person\.js'/)
  expect(propertiesOf(readCatalog(catalogFile), 'greet')).toEqual(['name', 'title'])
  writeFile(root, 'types/person.ts', person.replace('title?: string', 'nickname?: string'))
  expect(await cli.summary(5)).toMatch(ok(2))
  expect(propertiesOf(readCatalog(catalogFile), 'greet')).toEqual(['name', 'nickname'])

  writeFile(root, 'tools/deep/shout.ts', toolSource('Shout a word.', '{ word: string }'))
  expect(await cli.summary(6)).toMatch(ok(3))
  expect(readCatalog(catalogFile).tools.map((tool) => tool.name)).toEqual(['add', 'greet', 'shout'])
  const withShout = generationDir(out)
  expect(existsSync(path.join(out, withShout, 'shout.js'))).toBe(true)

  rmSync(path.join(root, 'tools/deep'), { recursive: true })
  expect(await cli.summary(7)).toMatch(ok(2))
  expect(readCatalog(catalogFile).tools.map((tool) => tool.name)).toEqual(['add', 'greet'])
  // The deleted tool's compiled module and validator go with it.
  expect(existsSync(path.join(out, withShout))).toBe(false)
  expect(existsSync(path.join(out, generationDir(out), 'shout.js'))).toBe(false)
  expect(existsSync(path.join(out, generationDir(out), 'shout.validate.js'))).toBe(false)

  const lastGood = readFileSync(catalogFile, 'utf8')
  writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', '{ left: number; when: Date }'))
  expect(await cli.summary(8)).toMatch(/^✖ 2 tools · 1 error · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ · last output kept$/)
  expect(cli.stderr).toMatch(/tools\/add\.ts:5:33 - error TC1005: when: Date is not a JSON type/)
  expect(readFileSync(catalogFile, 'utf8')).toBe(lastGood)

  writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', '{ left: number; right: number }'))
  expect(await cli.summary(9)).toMatch(ok(2))

  // A burst of saves is one rebuild, of the last contents.
  for (const field of ['a', 'b', 'c', 'd', 'last']) writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', `{ left: number; ${field}: number }`))
  expect(await cli.summary(10)).toMatch(ok(2))
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(cli.summaries()).toHaveLength(10)
  expect(propertiesOf(readCatalog(catalogFile), 'add')).toEqual(['left', 'last'])

  cli.signal('SIGINT')
  expect(await cli.ended).toEqual({ code: null, signal: 'SIGINT' })
  expect(leftovers(root)).toEqual([])
})

test('build --watch with globs notices new matching files in new folders, and only those', async () => {
  const root = projectWith({
    'package.json': '{ "name": "glob-app", "version": "1.0.0", "type": "module" }\n',
    'src/add_tool.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
  })
  const cli = watch(['build', 'src/**/*_tool.ts', '--out', 'catalog.json'], root)
  await cli.waitFor((stderr) => stderr.includes('toolcat: watching src '))
  expect(await cli.summary(1)).toMatch(/^✔ 1 tool · 0 errors · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ → catalog\.json$/)
  writeFile(root, 'src/helpers.ts', toolSource('Not a tool file by the globs.', '{ x: number }'))
  writeFile(root, 'src/new/deep/echo_tool.ts', toolSource('Echo a text.', '{ text: string }'))
  expect(await cli.summary(2)).toMatch(/^✔ 2 tools · 0 errors · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ → catalog\.json$/)
  expect(readCatalog(path.join(root, 'catalog.json')).tools.map((tool) => tool.name)).toEqual(['add_tool', 'echo_tool'])
  cli.signal('SIGTERM')
  expect(await cli.ended).toEqual({ code: null, signal: 'SIGTERM' })
  expect(leftovers(root)).toEqual([])
})

test('an edit made during the first build is built next; Ctrl-C in the middle of a rebuild removes its staging folder and temporary files and keeps the last output', async () => {
  const root = largeProject(120)
  const out = path.join(root, 'out')
  const cli = watch(['build', 'tools', '--outDir', 'out'], root)
  // The first build is writing its output: an edit now must not be lost.
  await waitForStaging(out)
  writeFile(root, 'tools/tool-7.ts', readFileSync(path.join(root, 'tools/tool-7.ts'), 'utf8').replace('label?: string', 'label?: string; late?: boolean'))
  expect(await cli.summary(2, 120_000)).toMatch(/^✔ 120 tools · 0 errors · 0 warnings · \d+ ms · (?:native|ts-morph) TypeScript [\d.]+ → out$/)
  expect(propertiesOf(readCatalog(path.join(out, 'catalog.json')), 'tool-7')).toContain('late')
  await cli.waitFor((stderr) => stderr.includes('toolcat: watching'), 120_000)
  const before = readFileSync(path.join(out, 'catalog.json'), 'utf8')
  // Every tool reads this type: the rebuild re-derives and recompiles all of them.
  writeFileSync(path.join(root, 'types/shared.ts'), readFileSync(path.join(root, 'types/shared.ts'), 'utf8').replace('tags?: string[]', 'tags?: string[]\n  extra?: number'))
  await waitForStaging(out)
  cli.signal('SIGINT', false)
  expect(await cli.ended).toEqual({ code: null, signal: 'SIGINT' })
  expect(leftovers(root)).toEqual([])
  expect(readFileSync(path.join(out, 'catalog.json'), 'utf8')).toBe(before)
}, 180_000)

test('build --watch prints a warning once while it lasts and again once brought back; an error with each rebuild it fails', async () => {
  const warned = '{ /** @minimum 1 */ name: string }'
  const root = projectWith({
    'package.json': '{ "name": "warn-app", "version": "1.0.0", "type": "module" }\n',
    'tools/add.ts': toolSource('Add two numbers.', '{ left: number; right: number }'),
    'tools/lookup.ts': toolSource('Look a name up.', warned),
  })
  const cli = watch(['build', 'tools', '--out', 'catalog.json'], root)
  const warnings = (): number => cli.stderr.match(/tools\/lookup\.ts:5:\d+ - warning TC\d{4}: name: @minimum does not apply/g)?.length ?? 0
  const errors = (): number => cli.stderr.match(/tools\/add\.ts:5:\d+ - error TC1005: when: Date is not a JSON type/g)?.length ?? 0
  expect(await cli.summary(1)).toMatch(/^✔ 2 tools · 0 errors · 1 warning · /)
  expect(warnings()).toBe(1)
  // Rebuilds that keep the warning (an edit of another tool, an edit of its own description) do not print it again.
  writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', '{ left: number; right: number; carry?: boolean }'))
  expect(await cli.summary(2)).toMatch(/^✔ 2 tools · 0 errors · 1 warning · /)
  writeFile(root, 'tools/lookup.ts', toolSource('Look a name up, by name.', warned))
  expect(await cli.summary(3)).toMatch(/^✔ 2 tools · 0 errors · 1 warning · /)
  expect(warnings()).toBe(1)
  // Mended, then brought back: printed again.
  writeFile(root, 'tools/lookup.ts', toolSource('Look a name up.', '{ name: string }'))
  expect(await cli.summary(4)).toMatch(/^✔ 2 tools · 0 errors · 0 warnings · /)
  writeFile(root, 'tools/lookup.ts', toolSource('Look a name up.', warned))
  expect(await cli.summary(5)).toMatch(/^✔ 2 tools · 0 errors · 1 warning · /)
  expect(warnings()).toBe(2)
  // An error is printed by each rebuild it fails, right above the summary that says the output was kept.
  writeFile(root, 'tools/add.ts', toolSource('Add two numbers.', '{ left: number; when: Date }'))
  expect(await cli.summary(6)).toMatch(/^✖ 2 tools · 1 error · 1 warning · .* · last output kept$/)
  writeFile(root, 'tools/lookup.ts', toolSource('Look a name up, again.', warned))
  expect(await cli.summary(7)).toMatch(/^✖ 2 tools · 1 error · 1 warning · .* · last output kept$/)
  expect(errors()).toBe(2)
  expect(warnings()).toBe(2)
  cli.signal('SIGTERM')
  expect(await cli.ended).toEqual({ code: null, signal: 'SIGTERM' })
})

/** Polls the output folder until a rebuild's staging folder appears. */
async function waitForStaging(out: string): Promise<void> {
  for (let until = Date.now() + 60_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 2))) {
    if (leftovers(out).some((entry) => entry.startsWith('.toolcat-staging-'))) return
  }
  throw new Error('no rebuild started')
}
