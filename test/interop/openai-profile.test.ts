import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import { catalogOf, fixtureTool } from './rich-catalog.js'

/** The strict export of one fixture tool: its `function` entry and its changes keyed by path. */
function strictExport(name: string) {
  const { output, warnings } = exportTools(catalogOf(fixtureTool(name)), 'openai', { strict: true })
  const entry = (output as { tools: { function: { parameters: any; strict: boolean } }[] }).tools[0]!.function
  return {
    fn: entry,
    schema: entry.parameters,
    warned: Object.fromEntries(warnings.map((w) => [w.path, w.message])),
    kinds: Object.fromEntries(warnings.map((w) => [w.path, w.kind])),
  }
}

describe('OpenAI strict profile', () => {
  test('every property becomes required; optional ones become nullable in type and enum, cosmetic changes', () => {
    const { schema, warned, kinds } = strictExport('create_user')
    expect(schema.required).toEqual(['email', 'name', 'role', 'kind', 'address', 'nickname'])
    expect(schema.properties.role).toMatchObject({ type: ['string', 'null'], enum: ['admin', 'member', null] })
    expect(schema.properties.address.type).toEqual(['object', 'null'])
    expect(schema.properties.address.properties.zip.type).toEqual(['string', 'null'])
    expect(warned['/function/parameters/properties/role']).toMatch(/made required and nullable/)
    expect(warned['/function/parameters/properties/nickname']).toMatch(/already accepts null/)
    expect(kinds['/function/parameters/properties/role']).toBe('cosmetic')
  })

  test('keeps what strict mode accepts: pattern, formats of its list, minLength and maxLength', () => {
    const { schema } = strictExport('create_user')
    expect(schema.properties.email).toEqual({ type: 'string', format: 'email', maxLength: 254 })
    expect(schema.properties.name).toMatchObject({ type: 'string', minLength: 1 })
    expect(schema.properties.address.properties.zip).toEqual({ type: ['string', 'null'], pattern: '^[0-9]{5}$' })
  })

  test('what strict mode drops is written into the property description, so the model still reads it', () => {
    const { schema, warned, kinds } = strictExport('search_docs')
    expect(schema.properties.limit).toEqual({ type: ['integer', 'null'], minimum: 1, maximum: 50, description: 'Default: 10.' })
    expect(schema.properties.site).toEqual({ type: ['string', 'null'], description: 'Format: uri.' })
    expect(schema.properties.tags.description).toBe('No duplicate items.')
    expect(warned['/function/parameters/properties/site/format']).toMatch(/format "uri" removed/)
    expect(kinds['/function/parameters/properties/tags/uniqueItems']).toBe('described')
    const { schema: user } = strictExport('create_user')
    expect(user.properties.name.description).toBe('For example "Ada".')
    expect(user.properties.nickname.description).toBe('Deprecated.')
  })

  test('an open record closed is lossy: the model could send only {}', () => {
    const { schema, warned, kinds } = strictExport('tag_record')
    expect(schema.properties.metadata).toMatchObject({ additionalProperties: false })
    expect(kinds['/function/parameters/properties/metadata/additionalProperties']).toBe('lossy')
    expect(warned['/function/parameters/properties/labels/additionalProperties']).toMatch(/open record closed.*\{\} only/)
  })

  test('an allOf of objects (a TypeScript intersection) is merged exactly; a one-branch allOf becomes anyOf', () => {
    const { schema, kinds } = strictExport('search_docs')
    expect(schema.properties.window).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { from: { type: 'string', format: 'date' }, to: { type: ['string', 'null'], format: 'date' } },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    })
    expect(kinds['/function/parameters/properties/window/anyOf/0/allOf']).toBe('cosmetic')
    const labels = strictExport('label_items')
    expect(labels.schema.properties.labels.anyOf).toEqual([{ $ref: '#/$defs/Labels' }])
    expect(labels.warned['/function/parameters/properties/labels/allOf']).toMatch(/one-branch allOf rewritten/)
  })

  test('oneOf with disjoint branches becomes the same anyOf, a cosmetic change', () => {
    const { schema, kinds } = strictExport('label_items')
    expect(schema.properties.mode).toEqual({ anyOf: [{ anyOf: [{ const: 'replace' }, { type: 'integer', minimum: 0 }] }, { type: 'null' }] })
    expect(kinds['/function/parameters/properties/mode/anyOf/0/oneOf']).toBe('cosmetic')
  })

  test('a $ref keeps no siblings; recursion through $defs stays', () => {
    const { schema, warned } = strictExport('tree_sum')
    expect(schema.properties.tree).toEqual({ description: 'the root node', anyOf: [{ $ref: '#/$defs/Node' }] })
    expect(warned['/function/parameters/properties/tree/$ref']).toMatch(/sibling/)
    expect(schema.$defs.Node.properties.children.items).toEqual({ $ref: '#/$defs/Node' })
  })

  test('a tuple is lossy: strict mode has one items schema', () => {
    const pair = { ...fixtureTool('ping'), parameters: { type: 'object', properties: { at: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2, additionalItems: false } }, required: ['at'], additionalProperties: false } }
    const { output, warnings } = exportTools(catalogOf(pair), 'openai', { strict: true })
    expect((output as any).tools[0].function.parameters.properties.at).toEqual({ type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 })
    expect(warnings.filter((w) => w.kind === 'lossy').map((w) => w.path)).toEqual(['/function/parameters/properties/at/items'])
  })

  test('beyond 10 levels of nesting the tool falls back to a non-strict entry, reported once as a note', () => {
    const { fn, warned, kinds } = strictExport('deep_config')
    expect(fn.strict).toBe(false)
    expect(fn.parameters).toEqual(fixtureTool('deep_config').parameters)
    expect(Object.keys(warned)).toEqual(['/function/strict'])
    expect(warned['/function/strict']).toMatch(/depth 11 \(max 10\)/)
    expect(kinds['/function/strict']).toBe('note')
  })

  test('beyond 5,000 properties the tool falls back to a non-strict entry', () => {
    const properties = Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]))
    const wide = { ...fixtureTool('ping'), parameters: { type: 'object', properties, additionalProperties: false } }
    const { output, warnings } = exportTools(catalogOf(wide), 'openai', { strict: true })
    expect((output as any).tools[0].function.strict).toBe(false)
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/5001 properties \(max 5000\)/)])
  })

  test('without --strict the catalog schema goes out unchanged, with strict: false and no changes', () => {
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

describe('a root union of objects ({ type: "object", anyOf }), strict or not', () => {
  const ajv = new Ajv({ strict: false })

  test.each([false, true])('branches that differ in one property merge into one exact object (strict: %s)', (strict) => {
    const { output, warnings } = exportTools(catalogOf(fixtureTool('set_mode')), 'openai', { strict })
    const parameters = (output as any).tools[0].function.parameters
    expect(parameters.anyOf).toBeUndefined()
    expect(parameters.properties.mode).toEqual({ enum: ['fast', 'safe'] })
    expect(parameters.$defs).toBeUndefined()
    expect(warnings.filter((w) => w.kind === 'lossy')).toEqual([])
    // The same values pass both: every branch's, and nothing else.
    const original = ajv.compile(fixtureTool('set_mode').parameters)
    const merged = ajv.compile(parameters)
    for (const value of [{ mode: 'fast', level: 1 }, { mode: 'safe', level: 5 }, { mode: 'slow', level: 1 }, { mode: 'fast' }, { mode: 'safe', level: 9 }]) {
      expect(merged(value)).toBe(original(value))
    }
  })

  test('a discriminated union of different shapes is flattened, reported lossy, the forms spelled in the description', () => {
    const { output, warnings } = exportTools(catalogOf(fixtureTool('pay_invoice')), 'openai')
    const parameters = (output as any).tools[0].function.parameters
    expect(parameters.anyOf).toBeUndefined()
    expect(parameters.type).toBe('object')
    expect(Object.keys(parameters.properties)).toEqual(['method', 'cardNumber', 'amount', 'iban'])
    expect(parameters.required).toEqual(['method', 'amount'])
    expect(parameters.properties.method).toEqual({ anyOf: [{ const: 'card' }, { const: 'transfer' }] })
    expect(parameters.description).toBe(
      'Send the arguments of exactly one of these forms: { method: "card", cardNumber, amount } | { method: "transfer", iban, amount }.',
    )
    expect(warnings).toEqual([expect.objectContaining({ tool: 'pay_invoice', path: '/function/parameters/anyOf', kind: 'lossy' })])
  })
})
