import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { compileSchema } from '../../src/runtime/compile.js'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import { toolToDefinition } from '../../src/runtime/to-definition.js'
import { fixtureCatalog, generatedProject, runInFreshNode } from './out-dir.js'

const parameters = { type: 'object', properties: { left: { type: 'number' } }, required: ['left'], additionalProperties: false }
const add = { handler: (args: { left: number }) => args.left + 1 }

describe('slim index entries (schema as JSON text)', () => {
  test('listing parses no schema: unparseable text fails only when its schema is read', () => {
    const registry = createLazyRegistry([{ definition: { name: 'broken', description: 'Broken.' }, parameters: '{not json', load: async () => add }])
    const [definition] = registry.definitions()
    expect(definition?.name).toBe('broken')
    expect(Object.keys(definition ?? {})).toEqual(['name', 'description', 'parameters'])
    expect(() => definition?.parameters).toThrow(SyntaxError)
  })

  test('the schema is parsed once and shared by listings, the tool and validation', async () => {
    const registry = createLazyRegistry([{ definition: { name: 'add' }, parameters: JSON.stringify(parameters), load: async () => add }], { compile: compileSchema })
    const first = registry.definitions()[0]?.parameters
    expect(first).toEqual(parameters)
    expect(registry.definitions()[0]?.parameters).toBe(first)
    expect(registry.tool('add')?.parameters).toBe(first)
    expect(await registry.call('add', { left: '2' })).toMatchObject({ success: true, value: 3 })
    expect(await registry.call('add', { left: 'two' })).toMatchObject({ success: false })
  })

  test('a listed definition has the keys and values the runtime projection gives', () => {
    const definition = { name: 'add', title: 'Add', description: 'Long.', summary: 'Short.', annotations: { pure: true } }
    const registry = createLazyRegistry([{ definition, parameters: JSON.stringify(parameters), load: async () => add }])
    const listed = registry.definitions()[0]
    const projected = toolToDefinition(registry.tool('add')!)
    expect(Object.keys(listed ?? {})).toEqual(Object.keys(projected))
    expect(listed).toEqual(projected)
    expect(listed?.description).toBe('Short.')
  })

  test('a tool the host adds later is listed as the runtime projects it', () => {
    const registry = createLazyRegistry([])
    registry.add({ name: 'plain', parameters, execute: () => 1 })
    expect(registry.definitions()).toEqual([{ name: 'plain', parameters }])
  })
})

describe('generated registry.js', () => {
  let project = ''
  beforeAll(async () => {
    project = await generatedProject()
  })
  afterAll(() => rmSync(project, { recursive: true, force: true }))

  test('starts and lists without loading ajv, and lists the catalog schemas', () => {
    const output = runInFreshNode(project, `
      const { createRequire } = await import('node:module')
      const registry = createRegistry()
      const listed = registry.definitions()
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/node_modules/ajv/'))
      const call = await registry.call('add', { left: 1, right: 2 })
      return { call: call.success, ajvCompiler: loaded, schemas: listed.map((definition) => definition.parameters) }`) as {
      call: boolean
      ajvCompiler: string[]
      schemas: unknown[]
    }
    expect(output.call).toBe(true)
    expect(output.ajvCompiler).toEqual([])
    expect(output.schemas).toEqual(fixtureCatalog().tools.map((tool) => tool.parameters))
  })
})
