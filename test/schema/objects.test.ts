import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
const closed = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  ...(required.length > 0 && { required }),
  additionalProperties: false,
})

describe('object types', () => {
  test('nested object literals are closed objects; optional members are not required', () => {
    const { schema } = fixtures.parameters('nested')
    expect(schema).toEqual(closed({
      query: { type: 'string' },
      filters: closed({
        since: { type: 'string' },
        author: closed({ name: { type: 'string' }, email: { type: 'string' } }, ['name']),
      }, ['author']),
    }, ['query', 'filters']))
    expectValidation(schema, [{ query: 'q', filters: { author: { name: 'n' } } }], [
      { query: 'q', filters: {} }, { query: 'q', filters: { author: { name: 'n', age: 3 } } },
    ])
  })

  test('an interface from another file is inlined with its JSDoc description', () => {
    const { schema } = fixtures.parameters('cross-file')
    const address = { description: 'A postal address.', ...closed({ street: { type: 'string' }, city: { type: 'string' } }, ['street', 'city']) }
    expect(schema).toEqual(closed({ home: address }, ['home']))
    expectValidation(schema, [{ home: { street: 's', city: 'c' } }], [{ home: { street: 's' } }])
  })

  test('a type from a package in node_modules keeps its JSDoc constraints', () => {
    const { schema } = fixtures.parameters('package-type')
    expect(schema).toEqual(closed({
      at: {
        description: 'A point on the globe.',
        ...closed({ lat: { type: 'number', minimum: -90, maximum: 90 }, lon: { type: 'number', minimum: -180, maximum: 180 } }, ['lat', 'lon']),
      },
    }, ['at']))
    expectValidation(schema, [{ at: { lat: 45, lon: 7 } }], [{ at: { lat: 91, lon: 7 } }])
  })

  test('intersections merge into one object; branded primitives are their primitive', () => {
    const { schema } = fixtures.parameters('intersections')
    expect(schema).toEqual(closed({
      name: { type: 'string' }, age: { type: 'number' }, id: { type: 'string' }, total: { type: 'number' },
    }, ['name', 'id', 'total']))
    expectValidation(schema, [{ name: 'n', id: 'u1', total: 3 }], [{ name: 'n', id: 1, total: 3 }, { id: 'u1', total: 3 }])
  })

  test('instantiated generics use their type arguments', () => {
    const { schema } = fixtures.parameters('generics')
    const page = (items: unknown) => closed({ items: { type: 'array', items }, next: { type: 'string' } }, ['items'])
    expect(schema).toEqual(closed({
      users: page(closed({ name: { type: 'string' } }, ['name'])),
      names: page({ type: 'string' }),
    }, ['users', 'names']))
    expectValidation(schema, [{ users: { items: [{ name: 'a' }] }, names: { items: ['b'], next: 'c' } }], [
      { users: { items: ['a'] }, names: { items: [] } },
    ])
  })

  test('utility types resolve through the checker', () => {
    const { schema } = fixtures.parameters('utility-types')
    const options = {
      verbose: { type: 'boolean' }, depth: { type: 'number' }, label: { type: ['string', 'null'] },
      mode: { type: 'string', enum: ['a', 'b', 'c'] },
    }
    expect(schema).toEqual(closed({
      partial: closed(options, []),
      required: closed(options, ['verbose', 'depth', 'label', 'mode']),
      picked: closed({ verbose: { type: 'boolean' } }, ['verbose']),
      omitted: closed({ depth: { type: 'number' } }, []),
      frozen: closed({ depth: { type: 'number' } }, []),
      label: { type: 'string' },
      ab: { type: 'string', enum: ['a', 'b'] },
      c: { type: 'string', const: 'c' },
    }, ['partial', 'required', 'picked', 'omitted', 'frozen', 'label', 'ab', 'c']))
    const valid = { partial: {}, required: { verbose: true, depth: 1, label: null, mode: 'a' }, picked: { verbose: false }, omitted: {}, frozen: {}, label: 'l', ab: 'b', c: 'c' }
    expectValidation(schema, [valid], [{ ...valid, required: { verbose: true } }, { ...valid, ab: 'c' }, { ...valid, label: null }])
  })

  test('mapped, key-remapped and conditional types the checker resolves', () => {
    const { schema } = fixtures.parameters('mapped-conditional')
    expect(schema).toEqual(closed({
      toggles: closed({ search: { type: 'boolean' }, upload: { type: 'boolean' } }, ['search', 'upload']),
      first: { type: 'string' },
      prefixed: closed({ with_search: { type: 'string' }, with_upload: { type: 'number' } }, []),
    }, ['toggles', 'first', 'prefixed']))
    expectValidation(schema, [{ toggles: { search: true, upload: false }, first: 'x', prefixed: { with_upload: 2 } }], [
      { toggles: { search: true }, first: 'x', prefixed: {} }, { toggles: { search: true, upload: true }, first: 'x', prefixed: { search: 'x' } },
    ])
  })
})
