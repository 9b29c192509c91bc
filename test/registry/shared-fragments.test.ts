import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import toolcat from 'toolcat/esbuild'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import type { Catalog } from '../../src/runtime/catalog.js'
import { sharedSchemaProject } from '../emit/shared-schema-project.js'
import { runInFreshNode } from './out-dir.js'

const address = '{"type":"object","properties":{"street":{"type":"string"}},"required":["street"]}'
const load = async () => ({ handler: () => 'done' })

describe('a lazy registry over shared schema fragments', () => {
  const registry = createLazyRegistry(
    [
      { definition: { name: 'ship' }, parameters: ['{"type":"object","properties":{"to":', 0, '}}'], load },
      { definition: { name: 'bill' }, parameters: ['{"type":"object","properties":{"payer":', 1, '}}'], load },
    ],
    {},
    [address, ['{"type":"object","properties":{"home":', 0, '}}']],
  )

  test('each schema is its joined text, parsed once per tool', () => {
    const [ship, bill] = registry.definitions()
    const home = { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] }
    expect(ship?.parameters).toEqual({ type: 'object', properties: { to: home } })
    expect(bill?.parameters).toEqual({ type: 'object', properties: { payer: { type: 'object', properties: { home } } } })
    expect(registry.tool('ship')?.parameters).toBe(ship?.parameters)
  })

  test('tools sharing a fragment share no object', () => {
    type Address = { properties: object; required: string[] }
    type Schema = { properties: Record<string, Address & { properties: Record<string, Address> }> }
    const [ship, bill] = registry.definitions().map((definition): unknown => definition.parameters) as Schema[]
    const to = ship?.properties.to
    const home = bill?.properties.payer?.properties.home
    expect(home?.properties).toEqual(to?.properties)
    expect(home?.properties).not.toBe(to?.properties)
    to?.required.push('city')
    expect(registry.definitions()[1]?.parameters).toMatchObject({ properties: { payer: { properties: { home: { required: ['street'] } } } } })
  })

  test('a table given as a function is built once, on the first schema read', () => {
    let built = 0
    const table = () => {
      built += 1
      return [address, ['{"type":"object","properties":{"home":', 0, '}}']]
    }
    const lazy = createLazyRegistry([{ definition: { name: 'ship' }, parameters: [1], load }, { definition: { name: 'bill' }, parameters: [0], load }], {}, table)
    const [ship, bill] = lazy.definitions()
    expect(built).toBe(0)
    expect(ship?.parameters).toEqual({ type: 'object', properties: { home: JSON.parse(address) } })
    expect(bill?.parameters).toEqual(JSON.parse(address))
    expect(built).toBe(1)
  })

  test('a missing fragment fails only when that schema is read, naming the fragment', async () => {
    const broken = createLazyRegistry([{ definition: { name: 'lost' }, parameters: ['{"x":', 7, '}'], load }], {}, [address])
    const [definition] = broken.definitions()
    expect(definition?.name).toBe('lost')
    expect(() => definition?.parameters).toThrow("schema fragment 7 is not in the registry's table")
  })
})

// Lists, validates and calls through a registry; the script's result is what each test compares.
const probe = `
  const registry = createRegistry()
  const customer = { id: 'c1', name: 'Ada', address: { street: 'Main', city: 'X', postalCode: 'AB 12', country: 'UK' } }
  const sent = await registry.call('notify', { customer, message: 'hi' })
  const refused = await registry.call('notify', { customer: { ...customer, address: {} }, message: 'hi' })
  return { schemas: registry.definitions().map((definition) => definition.parameters), sent: sent.value, refused: refused.success }`

describe('a registry with shared subschemas', () => {
  let project: { readonly root: string; readonly catalog: Catalog } | undefined
  beforeAll(async () => {
    project = sharedSchemaProject()
    await writeOutDir(project.catalog, { root: project.root, outDir: 'out' })
  }, 60_000)
  afterAll(() => project && rmSync(project.root, { recursive: true, force: true }))
  const expected = () => ({ schemas: project?.catalog.tools.map((tool) => tool.parameters), sent: 'sent to Ada', refused: false })

  test('generated registry.js writes a fragment table and works through it in a fresh Node', () => {
    const root = project?.root ?? ''
    const source = readFileSync(path.join(root, 'out/.toolcat-current/registry.js'), 'utf8')
    expect(source).toMatch(/parameters: index \+ [1-9]\d*, load/)
    expect(source).toContain("return createLazyRegistry(tools, options, schemaTable, () => import(\"./search.js\"))")
    expect(runInFreshNode(root, probe)).toEqual(expected())
  })

  test('the esbuild plugin\'s ~toolcat/registry works through it once bundled', async () => {
    const root = project?.root ?? ''
    writeFileSync(path.join(root, 'app.mjs'), `import { createRegistry } from '~toolcat/registry'\nconsole.log(JSON.stringify(await (async () => {${probe}})()))\n`)
    const outdir = path.join(root, 'bundled')
    await build({ absWorkingDir: root, entryPoints: ['app.mjs'], bundle: true, splitting: true, format: 'esm', platform: 'node', outdir, logLevel: 'silent', plugins: [toolcat()] })
    const run = spawnSync(process.execPath, [path.join(outdir, 'app.js')], { encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(expected())
  }, 60_000)
})
