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

  test('a non-local $ref is replaced and reported; a non-object root is forced to type object', () => {
    const odd = { ...fixtureTool('ping'), parameters: { properties: { doc: { $ref: 'https://example.com/doc.json', description: 'd' } } } }
    const { output, warnings } = exportTools(catalogOf(odd), 'anthropic')
    expect((output as any).tools[0].input_schema).toEqual({ properties: { doc: { description: 'd' } }, type: 'object' })
    expect(warnedPaths(warnings)).toEqual(['/input_schema/properties/doc/$ref', '/input_schema/type'])
  })
})

describe('Gemini profile', () => {
  const exported = exportTools(richCatalog, 'gemini')
  const declarations = (exported.output as any).tools[0].functionDeclarations as any[]
  const declaration = (name: string) => declarations.find((entry) => entry.name === name)
  const warned = (tool: string) => exported.warnings.filter((w) => w.tool === tool).map((w) => `${w.path}: ${w.message}`)

  test('wraps the declarations as one Tool with functionDeclarations and parametersJsonSchema', () => {
    expect(declarations.map((entry) => Object.keys(entry))).toContainEqual(['name', 'description', 'parametersJsonSchema'])
    expect(declarations).toHaveLength(richCatalog.tools.length)
  })

  test('const becomes a one-value enum; keywords outside the subset are dropped and reported', () => {
    const schema = declaration('create_user').parametersJsonSchema
    expect(schema.properties.kind).toEqual({ enum: ['person'] })
    expect(schema.properties.name).toEqual({ type: 'string' })
    expect(schema.properties.address.properties.zip).toEqual({ type: 'string' })
    expect(warned('create_user')).toEqual([
      '/parametersJsonSchema/properties/email/maxLength: maxLength removed: not supported by Gemini',
      '/parametersJsonSchema/properties/name/minLength: minLength removed: not supported by Gemini',
      '/parametersJsonSchema/properties/name/examples: examples removed: not supported by Gemini',
      '/parametersJsonSchema/properties/role/default: default removed: not supported by Gemini',
      '/parametersJsonSchema/properties/kind/const: const rewritten as a one-value enum: Gemini does not support const',
      '/parametersJsonSchema/properties/address/properties/zip/pattern: pattern removed: not supported by Gemini',
      '/parametersJsonSchema/properties/nickname/deprecated: deprecated removed: not supported by Gemini',
    ])
  })

  test('optional properties stay optional (Gemini has no strict-mode rewrite)', () => {
    expect(declaration('create_user').parametersJsonSchema.required).toEqual(['email', 'name', 'kind'])
  })

  test('$ref siblings move out; recursion through an optional property passes silently', () => {
    expect(declaration('tree_sum').parametersJsonSchema.properties.tree).toEqual({ description: 'the root node', anyOf: [{ $ref: '#/$defs/Node' }] })
    expect(warned('tree_sum')).toEqual(['/parametersJsonSchema/properties/tree/$ref: $ref had sibling keywords: moved into anyOf so the siblings are kept'])
  })

  test('recursion through required properties only is reported at the closing $ref', () => {
    expect(warned('follow_chain')).toEqual([
      '/parametersJsonSchema/$defs/Chain/properties/next/$ref: recursion through required properties only: Gemini accepts recursion only through an optional property',
    ])
  })

  test('recursion back to the root through a required property is reported too', () => {
    const selfish = { ...fixtureTool('ping'), parameters: { type: 'object', properties: { again: { $ref: '#' } }, required: ['again'] } }
    expect(warnedPaths(exportTools(catalogOf(selfish), 'gemini').warnings)).toEqual(['/parametersJsonSchema/properties/again/$ref'])
  })
})
