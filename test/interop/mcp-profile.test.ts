import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import { catalogOf, fixtureTool, richCatalog } from './rich-catalog.js'

const draft07 = 'http://json-schema.org/draft-07/schema#'
const exported = exportTools(richCatalog, 'mcp')
const listed = (name: string) => (exported.output as { tools: any[] }).tools.find((tool) => tool.name === name)

describe('MCP profile', () => {
  // MCP 2025-11-25 ToolAnnotations: destructiveHint and openWorldHint default to true, and the
  // destructive and idempotent hints are read only when readOnlyHint is false.
  test.each([
    ['add', { pure: true }, { readOnlyHint: true }],
    ['create_user', { consequential: true }, { destructiveHint: true }],
    ['search_docs', { pure: true, untrusted: true }, { readOnlyHint: true, openWorldHint: true }],
  ])('%s %j: only the hints the author stated', (name, annotations, hints) => {
    expect(fixtureTool(name).annotations).toEqual(annotations)
    expect(listed(name).annotations).toEqual(hints)
  })

  test('a tool without annotations has no annotations: the client keeps the specification defaults', () => {
    expect(listed('ping')).not.toHaveProperty('annotations')
  })

  test('false is not a claim the hints can carry: consequential false is not "only additive", untrusted false is not "closed world"', () => {
    const plain = { ...fixtureTool('ping'), annotations: { pure: false, consequential: false, untrusted: false } }
    const [tool] = (exportTools(catalogOf(plain), 'mcp').output as { tools: any[] }).tools
    expect(tool.annotations).toEqual({ readOnlyHint: false })
  })

  test('a root union goes out as it is: MCP takes any JSON Schema with an object root', () => {
    expect(listed('pay_invoice').inputSchema).toEqual({ $schema: draft07, ...fixtureTool('pay_invoice').parameters })
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
    expect(exported.warnings.map((w) => `${w.tool} ${w.path} ${w.kind}`)).toEqual(['add /outputSchema cosmetic', 'tail_logs /outputSchema note', 'tree_sum /outputSchema cosmetic'])
    expect(listed('tail_logs').outputSchema).toBeUndefined()
    expect(listed('ping').outputSchema).toBeUndefined()
  })
})
