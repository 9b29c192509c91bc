import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { generatedProject } from '../registry/out-dir.js'

// An app bundled with esbuild (toolcat bundled in too) over a CLI-generated registry.
let project = ''
beforeAll(async () => {
  project = await generatedProject()
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

/** Bundles `source` as an app with code splitting; resolves with the entry's code, every chunk's code, and the entry's stdout when run. */
async function bundleApp(name: string, source: string): Promise<{ entry: string; chunks: string[]; stdout: string }> {
  writeFileSync(path.join(project, `${name}.mjs`), source)
  const outdir = path.join(project, `dist-${name}`)
  const result = await build({ absWorkingDir: project, entryPoints: [`${name}.mjs`], bundle: true, splitting: true, format: 'esm', platform: 'node', outdir, logLevel: 'silent', metafile: true })
  const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'))
  // The app's own entry: a module imported dynamically (a tool's entry, the search index) is an entry point too.
  const entryFile = outputs.find((file) => result.metafile.outputs[file]?.entryPoint === `${name}.mjs`) ?? ''
  const run = spawnSync(process.execPath, [path.join(project, entryFile)], { encoding: 'utf8' })
  expect(run.stderr).toBe('')
  const read = (file: string): string => readFileSync(path.join(project, file), 'utf8')
  return { entry: read(entryFile), chunks: outputs.filter((file) => file !== entryFile).map(read), stdout: run.stdout }
}

const handlerCode = /HANDLER_MARKER_/
// Every generated validator writes its errors' schema paths; nothing else in an app does.
const validatorCode = /schemaPath: ?"#\//
const ajvCompiler = /new Function|strictTypes|schema with key or id/

test('an app that only reads definitions bundles no handler, no validator and no ajv compiler', async () => {
  const fromCatalog = await bundleApp('catalog-app', "import definitions from './out/catalog.js'\nconsole.log(definitions.map((d) => d.name).join())\n")
  const fromRegistry = await bundleApp('definitions-app', "import { createRegistry } from './out/registry.js'\nconsole.log(createRegistry().definitions().length)\n")
  expect(fromCatalog.stdout).toBe('add,countdown,delete-file,flaky,lookup,search\n')
  expect(fromRegistry.stdout).toBe('6\n')
  expect(fromCatalog.chunks).toEqual([])
  for (const code of [fromCatalog.entry, fromRegistry.entry]) {
    expect(code).not.toMatch(handlerCode)
    expect(code).not.toMatch(validatorCode)
    expect(code).not.toMatch(ajvCompiler)
  }
})

test('importing one definition from the catalog module pulls no other definition', async () => {
  const app = await bundleApp('one-definition-app', "import { add } from './out/catalog.js'\nconsole.log(add.name)\n")
  expect(app.stdout).toBe('add\n')
  expect(app.entry).toContain('"add"')
  for (const other of ['countdown', 'delete-file', 'flaky', 'lookup', 'search']) expect(app.entry).not.toContain(`"${other}"`)
})

test('with splitting, a called tool has its handler and validator in its own chunk, not in the entry', async () => {
  const app = await bundleApp(
    'call-app',
    "import { createRegistry } from './out/registry.js'\nconst result = await createRegistry().call('add', { left: 1, right: 2 })\nconsole.log(result.value.sum)\n",
  )
  expect(app.stdout).toBe('3\n')
  expect(app.entry).not.toMatch(handlerCode)
  expect(app.entry).not.toMatch(validatorCode)
  const addChunk = app.chunks.filter((code) => code.includes('HANDLER_MARKER_ADD'))
  expect(addChunk).toHaveLength(1)
  expect(addChunk[0]).toMatch(validatorCode)
  expect(addChunk[0]).not.toMatch(/HANDLER_MARKER_SEARCH/)
  expect(app.chunks.join('\n')).not.toMatch(ajvCompiler)
})
