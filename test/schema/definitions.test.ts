import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
const address = {
  description: 'A postal address.',
  type: 'object',
  properties: { street: { type: 'string' }, city: { type: 'string' } },
  required: ['street', 'city'],
  additionalProperties: false,
}

describe('$defs for shared and recursive named types', () => {
  test('a named type used twice is one definition referenced locally', () => {
    const { schema } = fixtures.parameters('shared-twice')
    const ref = { $ref: '#/$defs/Address' }
    expect(schema).toEqual({
      type: 'object',
      properties: { from: ref, to: ref, stops: { type: 'array', items: ref } },
      required: ['from', 'to', 'stops'],
      additionalProperties: false,
      $defs: { Address: address },
    })
    const home = { street: 's', city: 'c' }
    expectValidation(schema, [{ from: home, to: home, stops: [home] }], [{ from: home, to: home, stops: [{ street: 's' }] }])
  })

  test('each schema carries only the definitions it uses, even when the type was cached by another tool', () => {
    fixtures.parameters('shared-twice')
    expect(fixtures.parameters('cross-file').schema).toEqual({
      type: 'object', properties: { home: address }, required: ['home'], additionalProperties: false,
    })
  })

  test('a recursive type refers to itself through $defs, and ajv follows the reference', () => {
    const { schema } = fixtures.parameters('recursive')
    expect(schema).toEqual({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/TreeNode' } },
      required: ['tree'],
      additionalProperties: false,
      $defs: {
        TreeNode: {
          type: 'object',
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } } },
          required: ['label'],
          additionalProperties: false,
        },
      },
    })
    const leaf = { label: 'leaf' }
    expectValidation(schema, [{ tree: { label: 'root', children: [leaf, { label: 'b', children: [leaf] }] } }], [
      { tree: { label: 'root', children: [{ label: 'b', children: [{ label: 3 }] }] } },
    ])
  })

  test('a recursive parameter type is still an inline object at the root', () => {
    const { schema } = fixtures.parameters('recursive-root')
    const category = {
      description: 'A category and its parent.',
      type: 'object',
      properties: { name: { type: 'string' }, parent: { $ref: '#/$defs/Category' } },
      required: ['name'],
      additionalProperties: false,
    }
    expect(schema).toEqual({ ...category, $defs: { Category: category } })
    expectValidation(schema, [{ name: 'a', parent: { name: 'b' } }], [{ name: 'a', parent: { name: 'b', parent: {} } }])
  })

  test('two different types with one name get stable, distinct definition names', () => {
    const { schema } = fixtures.parameters('collisions')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        search: { $ref: '#/$defs/Options' }, searchAgain: { $ref: '#/$defs/Options' },
        walk: { $ref: '#/$defs/Options_2' }, walkAgain: { $ref: '#/$defs/Options_2' },
      },
      required: ['search', 'searchAgain', 'walk', 'walkAgain'],
      additionalProperties: false,
      $defs: {
        Options: { type: 'object', properties: { fast: { type: 'boolean' } }, required: ['fast'], additionalProperties: false },
        Options_2: { type: 'object', properties: { depth: { type: 'number' } }, required: ['depth'], additionalProperties: false },
      },
    })
    const [fast, deep] = [{ fast: true }, { depth: 1 }]
    expectValidation(schema, [{ search: fast, searchAgain: fast, walk: deep, walkAgain: deep }], [{ search: deep, searchAgain: fast, walk: deep, walkAgain: deep }])
  })

  test('members of a union of object types keep the order the union is written in', () => {
    const { schema } = fixtures.parameters('object-union')
    const shape = (schema['properties'] as { shape: { anyOf: { properties: { kind: unknown } }[] } }).shape
    expect(shape.anyOf.map((member) => member.properties.kind)).toEqual([{ type: 'string', const: 'square' }, { type: 'string', const: 'circle' }])
  })

  test('schemas are fresh objects and byte-identical whatever order the types were first met in', () => {
    const files = ['literals', 'enums', 'collisions', 'recursive', 'shared-twice', 'utility-types', 'template-literal', 'object-union', 'object-union-circle']
    const forward = files.map((file) => JSON.stringify(fixtures.parameters(file).schema))
    const other = loadSchemaFixtures()
    const backward = [...files].reverse().map((file) => JSON.stringify(other.parameters(file).schema)).reverse()
    expect(backward).toEqual(forward)
    const first = fixtures.parameters('nested').schema
    expect(fixtures.parameters('nested').schema).not.toBe(first)
  })
})
