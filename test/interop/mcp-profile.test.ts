import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import { catalogOf, fixtureTool, richCatalog } from './rich-catalog.js'

const draft07 = 'http://json-schema.org/draft-07/schema#'
const exported = exportTools(richCatalog, 'mcp')
const listed = (name: string) => (exported.output as { tools: any[] }).tools.find((tool) => tool.name === name)

describe('MCP profile', () => {
  test.each([
    ['add', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
    ['create_user', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
    ['search_docs', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
    ['ping', { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
  ])('%s: every hint is explicit', (name, annotations) => {
    expect(listed(name).annotations).toEqual(annotations)
  })

  test('declares draft-07 on input and object output schemas, keeps title and description', () => {
    const tool = listed('create_user')
    expect(tool.inputSchema).toEqual({ $schema: draft07, ...fixtureTool('create_user').parameters })
    expect(tool.outputSchema).toEqual({ $schema: draft07, ...fixtureTool('create_user').output })
    expect(listed('search_docs')).toMatchObject({ title: 'Search documentation', description: 'Full-text search over the docs.' })
  })

  test('a non-object output is wrapped as { result }, its $defs hoisted so its $ref still resolves', () => {
    const schema = listed('tree_sum').outputSchema
    expect(schema).toEqual({
      $schema: draft07,
      type: 'object',
      properties: { result: { $ref: '#/$defs/Total' } },
      required: ['result'],
      additionalProperties: false,
      $defs: { Total: { type: 'number', minimum: 0 } },
    })
    const validate = new Ajv().compile(schema)
    expect(validate({ result: 3 })).toBe(true)
    expect(validate({ result: -1 })).toBe(false)
  })

  test('a root-relative $ref inside a wrapped output is rebased under result', () => {
    const list = { ...fixtureTool('ping'), output: { type: 'array', items: { anyOf: [{ type: 'string' }, { $ref: '#' }] } } }
    const schema = (exportTools(catalogOf(list), 'mcp').output as any).tools[0].outputSchema
    const validate = new Ajv().compile(schema)
    expect(validate({ result: ['a', ['b', []]] })).toBe(true)
    expect(validate({ result: ['a', [1]] })).toBe(false)
  })

  test('reports each wrapped or omitted output', () => {
    expect(exported.warnings.map((w) => `${w.tool} ${w.path}`)).toEqual(['add /outputSchema', 'tail_logs /outputSchema', 'tree_sum /outputSchema'])
    expect(listed('tail_logs').outputSchema).toBeUndefined()
    expect(listed('ping').outputSchema).toBeUndefined()
  })
})
