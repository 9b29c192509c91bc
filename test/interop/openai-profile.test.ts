import { describe, expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import { catalogOf, fixtureTool } from './rich-catalog.js'

/** The strict export of one fixture tool: its `function` entry and its warnings keyed by path. */
function strictExport(name: string) {
  const { output, warnings } = exportTools(catalogOf(fixtureTool(name)), 'openai', { strict: true })
  const entry = (output as { tools: { function: { parameters: any; strict: boolean } }[] }).tools[0]!.function
  return { fn: entry, schema: entry.parameters, warned: Object.fromEntries(warnings.map((w) => [w.path, w.message])) }
}

describe('OpenAI strict profile', () => {
  test('every property becomes required; optional ones become nullable in type and enum', () => {
    const { schema, warned } = strictExport('create_user')
    expect(schema.required).toEqual(['email', 'name', 'role', 'kind', 'address', 'nickname'])
    expect(schema.properties.role).toEqual({ type: ['string', 'null'], enum: ['admin', 'member', null] })
    expect(schema.properties.address.type).toEqual(['object', 'null'])
    expect(schema.properties.address.properties.zip.type).toEqual(['string', 'null'])
    expect(warned['/function/parameters/properties/role']).toMatch(/made required and nullable/)
    expect(warned['/function/parameters/properties/nickname']).toMatch(/already accepts null/)
  })

  test('a nullable wrapper for a non-simple schema is anyOf with null; oneOf becomes anyOf', () => {
    const { schema, warned } = strictExport('label_items')
    expect(warned['/function/parameters/properties/mode/anyOf/0/oneOf']).toMatch(/oneOf rewritten as anyOf/)
    expect(schema.properties.mode).toEqual({ anyOf: [{ anyOf: [{ const: 'replace' }, { type: 'integer', minimum: 0 }] }, { type: 'null' }] })
  })

  test('default, unsupported keywords and unsupported formats are removed with a warning each', () => {
    const { schema, warned } = strictExport('search_docs')
    expect(schema.properties.limit).toEqual({ type: ['integer', 'null'], minimum: 1, maximum: 50 })
    expect(warned['/function/parameters/properties/limit/default']).toMatch(/default removed/)
    expect(warned['/function/parameters/properties/tags/uniqueItems']).toMatch(/uniqueItems removed/)
    expect(warned['/function/parameters/properties/site/format']).toMatch(/format "uri" removed/)
    expect(schema.properties.site).toEqual({ type: ['string', 'null'] })
  })

  test('allOf: a real intersection is dropped, a one-branch allOf becomes anyOf', () => {
    expect(strictExport('search_docs').warned['/function/parameters/properties/window/anyOf/0/allOf']).toMatch(/allOf removed/)
    const { schema, warned } = strictExport('label_items')
    expect(schema.properties.labels.anyOf).toEqual([{ $ref: '#/$defs/Labels' }])
    expect(warned['/function/parameters/properties/labels/allOf']).toMatch(/one-branch allOf rewritten/)
    expect(warned['/function/parameters/properties/labels/maxItems']).toBeUndefined()
  })

  test('every object is closed, an open map included', () => {
    const { schema, warned } = strictExport('search_docs')
    expect(schema.properties.filters.additionalProperties).toBe(false)
    expect(warned['/function/parameters/properties/filters/additionalProperties']).toMatch(/set to false/)
  })

  test('a $ref keeps no siblings; recursion through $defs stays', () => {
    const { schema, warned } = strictExport('tree_sum')
    expect(schema.properties.tree).toEqual({ description: 'the root node', anyOf: [{ $ref: '#/$defs/Node' }] })
    expect(warned['/function/parameters/properties/tree/$ref']).toMatch(/sibling/)
    expect(schema.$defs.Node.properties.children.items).toEqual({ $ref: '#/$defs/Node' })
  })

  test('beyond 10 levels of nesting the tool falls back to a non-strict entry, reported once', () => {
    const { fn, warned } = strictExport('deep_config')
    expect(fn.strict).toBe(false)
    expect(fn.parameters).toEqual(fixtureTool('deep_config').parameters)
    expect(Object.keys(warned)).toEqual(['/function/strict'])
    expect(warned['/function/strict']).toMatch(/depth 11 \(max 10\)/)
  })

  test('beyond 5,000 properties the tool falls back to a non-strict entry', () => {
    const properties = Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]))
    const wide = { ...fixtureTool('ping'), parameters: { type: 'object', properties, additionalProperties: false } }
    const { output, warnings } = exportTools(catalogOf(wide), 'openai', { strict: true })
    expect((output as any).tools[0].function.strict).toBe(false)
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/5001 properties \(max 5000\)/)])
  })

  test('without --strict the catalog schema goes out unchanged, with strict: false and no warnings', () => {
    const tool = fixtureTool('search_docs')
    const { output, warnings } = exportTools(catalogOf(tool), 'openai')
    expect(output).toEqual({ tools: [{ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters, strict: false } }] })
    expect(warnings).toEqual([])
  })

  test('the catalog itself is never modified', () => {
    const tool = fixtureTool('create_user')
    const before = JSON.stringify(tool)
    strictExport('create_user')
    expect(JSON.stringify(tool)).toBe(before)
  })
})
