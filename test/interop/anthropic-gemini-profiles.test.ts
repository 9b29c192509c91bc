import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import { catalogOf, fixtureTool, richCatalog } from './rich-catalog.js'

const warnedPaths = (warnings: { path: string }[]) => warnings.map((warning) => warning.path)

describe('Anthropic profile', () => {
  test('keeps the draft-07 schema whole under input_schema', () => {
    const tool = fixtureTool('tree_sum')
    const { output, warnings } = exportTools(catalogOf(tool), 'anthropic')
    expect(output).toEqual({ tools: [{ name: 'tree_sum', description: tool.description, input_schema: tool.parameters }] })
    expect(warnings).toEqual([])
  })

  test('the summary stands in for a missing description', () => {
    const { output } = exportTools(catalogOf(fixtureTool('ping')), 'anthropic')
    expect((output as any).tools[0].description).toBe('Check the service answers.')
  })

  test('a non-local $ref is replaced and reported lossy; a non-object root is forced to type object', () => {
    const odd = { ...fixtureTool('ping'), parameters: { properties: { doc: { $ref: 'https://example.com/doc.json', description: 'd' } } } }
    const { output, warnings } = exportTools(catalogOf(odd), 'anthropic')
    expect((output as any).tools[0].input_schema).toEqual({ properties: { doc: { description: 'd' } }, type: 'object' })
    expect(warnings.map((w) => [w.path, w.kind])).toEqual([['/input_schema/properties/doc/$ref', 'lossy'], ['/input_schema/type', 'cosmetic']])
  })

  test('a draft-07 tuple is written the 2020-12 way Anthropic reads, with the same meaning', () => {
    const pair = { ...fixtureTool('ping'), parameters: { type: 'object', properties: { at: { type: 'array', items: [{ type: 'number' }, { type: 'string' }], minItems: 2, additionalItems: false } }, required: ['at'], additionalProperties: false } }
    const { output, warnings } = exportTools(catalogOf(pair), 'anthropic')
    const at = (output as any).tools[0].input_schema.properties.at
    expect(at).toEqual({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], minItems: 2, maxItems: 2 })
    expect(warnings.map((w) => w.kind)).toEqual(['cosmetic'])
  })

  test('a root union is made one object (Anthropic refuses anyOf at the top level)', () => {
    const { output, warnings } = exportTools(catalogOf(fixtureTool('set_mode'), fixtureTool('pay_invoice')), 'anthropic')
    const [setMode, payInvoice] = (output as any).tools
    expect(setMode.input_schema.anyOf).toBeUndefined()
    expect(payInvoice.input_schema.anyOf).toBeUndefined()
    expect(warnings.map((w) => `${w.tool} ${w.kind}`)).toEqual(['set_mode cosmetic', 'pay_invoice lossy'])
  })
})

describe('Anthropic strict tool use', () => {
  const strict = (name: string) => {
    const { output, warnings } = exportTools(catalogOf(fixtureTool(name)), 'anthropic', { strict: true })
    return { entry: (output as any).tools[0], warnings }
  }

  test('strict: true; objects closed; optional properties stay optional; what strict drops goes into descriptions', () => {
    const { entry, warnings } = strict('search_docs')
    expect(entry.strict).toBe(true)
    const schema = entry.input_schema
    expect(schema.required).toEqual(['query'])
    expect(schema.properties.query).toEqual({ type: 'string', description: 'words to find\n\nAt least 1 character.' })
    expect(schema.properties.limit).toEqual({ type: 'integer', description: 'At least 1; at most 50; default: 10.' })
    expect(schema.properties.site).toEqual({ type: 'string', format: 'uri' })
    expect(schema.properties.tags).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1, description: 'No duplicate items.' })
    expect(warnings.filter((w) => w.kind === 'lossy').map((w) => w.path)).toEqual(['/input_schema/properties/filters/additionalProperties'])
  })

  test('a recursive schema keeps a non-strict entry: strict tool use does not support recursion', () => {
    const { entry, warnings } = strict('tree_sum')
    expect(entry.strict).toBeUndefined()
    expect(entry.input_schema).toEqual(fixtureTool('tree_sum').parameters)
    expect(warnings).toEqual([expect.objectContaining({ path: '/strict', kind: 'note' })])
  })
})

describe('Gemini profile', () => {
  const exported = exportTools(richCatalog, 'gemini')
  const declarations = (exported.output as any).tools[0].functionDeclarations as any[]
  const declaration = (name: string) => declarations.find((entry) => entry.name === name)
  const changes = (tool: string) => exported.warnings.filter((w) => w.tool === tool).map((w) => `${w.kind} ${w.path}: ${w.message}`)

  test('wraps the declarations as one Tool with functionDeclarations, each with exactly one of the two schema fields', () => {
    expect(declarations).toHaveLength(richCatalog.tools.length)
    for (const entry of declarations) expect(Number('parameters' in entry) + Number('parametersJsonSchema' in entry)).toBe(1)
  })

  test('a tool whose constraints only the OpenAPI Schema keeps is declared with parameters, and they are kept', () => {
    const { parameters } = declaration('create_user')
    expect(parameters.type).toBe('OBJECT')
    expect(parameters.properties.email).toEqual({ type: 'STRING', format: 'email', maxLength: 254 })
    expect(parameters.properties.name).toEqual({ type: 'STRING', minLength: 1, example: 'Ada' })
    expect(parameters.properties.role).toEqual({ type: 'STRING', default: 'member', enum: ['admin', 'member'] })
    expect(parameters.properties.kind).toEqual({ type: 'STRING', enum: ['person'] })
    expect(parameters.properties.address.properties.zip).toEqual({ type: 'STRING', pattern: '^[0-9]{5}$' })
    expect(parameters.properties.nickname).toEqual({ type: 'STRING', nullable: true, description: 'Deprecated.' })
    expect(parameters.required).toEqual(['email', 'name', 'kind'])
    expect(changes('create_user')).toContain(
      "note /parameters: declared with parameters (Gemini's OpenAPI Schema), which keeps default, examples, maxLength, minLength, pattern; parametersJsonSchema would only describe them",
    )
  })

  test('a tool the OpenAPI Schema cannot say (a record) keeps parametersJsonSchema; what Gemini ignores is described', () => {
    const schema = declaration('search_docs').parametersJsonSchema
    expect(schema.properties.query).toEqual({ type: 'string', description: 'words to find\n\nAt least 1 character.' })
    expect(schema.properties.limit).toEqual({ type: 'integer', minimum: 1, maximum: 50, description: 'Default: 10.' })
    expect(schema.properties.filters).toEqual({ type: 'object', additionalProperties: { type: 'string' } })
    expect(changes('search_docs').filter((line) => line.startsWith('described'))).toHaveLength(3)
  })

  test('the dropped pattern of a JSON Schema declaration is in the description, so the model sees ^[0-9]{16}$', () => {
    const schema = declaration('pay_invoice').parametersJsonSchema
    expect(schema.properties.cardNumber.description).toBe('Must match the regular expression ^[0-9]{16}$.')
  })

  test('$ref siblings move out; recursion through an optional property passes silently', () => {
    expect(declaration('tree_sum').parametersJsonSchema.properties.tree).toEqual({ description: 'the root node', anyOf: [{ $ref: '#/$defs/Node' }] })
    expect(changes('tree_sum')).toEqual(['cosmetic /parametersJsonSchema/properties/tree/$ref: $ref had sibling keywords: moved into anyOf so the siblings are kept'])
  })

  test('recursion through required properties only is reported at the closing $ref', () => {
    expect(changes('follow_chain')).toEqual([
      'note /parametersJsonSchema/$defs/Chain/properties/next/$ref: recursion through required properties only: Gemini accepts recursion only through an optional property (and no finite value matches such a type)',
    ])
  })

  test('recursion back to the root through a required property is reported too', () => {
    const selfish = { ...fixtureTool('ping'), parameters: { type: 'object', properties: { again: { $ref: '#' } }, required: ['again'] } }
    expect(warnedPaths(exportTools(catalogOf(selfish), 'gemini').warnings)).toEqual(['/parametersJsonSchema/properties/again/$ref'])
  })

  test('a $ref is expanded in place for parameters, with the same meaning', () => {
    const order = {
      ...fixtureTool('ping'),
      parameters: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^ORD-[0-9]{6}$' }, ship: { $ref: '#/$defs/Address' } },
        required: ['id'],
        additionalProperties: false,
        $defs: { Address: { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'], additionalProperties: false } },
      },
    }
    const { output } = exportTools(catalogOf(order), 'gemini')
    const { parameters } = (output as any).tools[0].functionDeclarations[0]
    expect(parameters.properties.ship).toEqual({ type: 'OBJECT', properties: { city: { type: 'STRING', minLength: 1 } }, required: ['city'] })
    expect(parameters.$defs).toBeUndefined()
  })

  test('a root union that merges exactly stays exact (checked against the catalog schema)', () => {
    const { output } = exportTools(catalogOf(fixtureTool('set_mode')), 'gemini')
    const [entry] = (output as any).tools[0].functionDeclarations
    const ajv = new Ajv({ strict: false })
    const original = ajv.compile(fixtureTool('set_mode').parameters)
    const merged = ajv.compile(entry.parametersJsonSchema)
    for (const value of [{ mode: 'fast', level: 3 }, { mode: 'safe', level: 1 }, { mode: 'other', level: 1 }, { level: 2 }]) expect(merged(value)).toBe(original(value))
  })
})
