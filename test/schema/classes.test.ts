import { describe, expect, test } from 'vitest'
import { expectValidation, loadSchemaFixtures } from './fixtures.js'

const fixtures = loadSchemaFixtures()
const classHint = 'arguments arrive as plain JSON objects, so `instanceof` and methods never hold for them: declare an interface, or a class with public fields only'

describe('data classes', () => {
  test('a class is the object of its public instance data: fields, initialised fields, parameter properties, inherited fields, generics, JSDoc, recursion', () => {
    const { schema, problems } = fixtures.parameters('classes')
    expect(problems).toEqual([])
    const treeNode = {
      type: 'object',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } } },
      required: ['label'],
      additionalProperties: false,
    }
    expect(schema).toEqual({
      type: 'object',
      properties: {
        person: {
          description: 'A person to register.',
          type: 'object',
          properties: {
            name: { type: 'string', description: 'Full name.', minLength: 1 },
            age: { type: 'number' },
            // A literal initialiser is the default a constructed instance would have.
            limit: { type: 'number', description: 'Results per page.', default: 10 },
            // JSDoc's default wins, and the initialised field may still be omitted.
            order: { type: 'string', enum: ['asc', 'desc'], description: 'Sort order.', default: 'desc' },
            tags: { type: 'array', items: { type: 'string' }, default: [] },
            // An initialiser that is not a literal has no static value: the field stays required.
            note: { type: 'string' },
            id: { type: 'string', description: 'Stable identifier.' },
            score: { type: 'number', default: 0 },
            createdAt: { type: 'string', description: 'When the record was created.', format: 'date-time' },
          },
          required: ['name', 'note', 'id', 'createdAt'],
          additionalProperties: false,
        },
        page: { type: 'object', properties: { items: { type: 'array', items: { type: 'number' } }, next: { type: 'string' } }, required: ['items'], additionalProperties: false },
        tree: { $ref: '#/$defs/TreeNode' },
      },
      required: ['person', 'page', 'tree'],
      additionalProperties: false,
      $defs: { TreeNode: treeNode },
    })
    const person = { name: 'Ada', note: 'x', id: 'p1', createdAt: '2024-05-01T10:00:00Z' }
    const valid = { person, page: { items: [1] }, tree: { label: 'a', children: [{ label: 'b' }] } }
    expectValidation(schema, [valid, { ...valid, person: { ...person, age: 3, limit: 5, order: 'asc', tags: ['t'], score: 1 } }], [
      { ...valid, person: { ...person, name: '' } },
      { ...valid, person: { ...person, createdAt: 'yesterday' } },
      { ...valid, person: { name: 'Ada', note: 'x', createdAt: '2024-05-01T10:00:00Z' } },
      { ...valid, page: { items: ['1'] } },
      { ...valid, tree: { label: 'a', children: [{}] } },
    ])
  })

  test('methods, accessors and non-public members are one TC1005 per class naming them, with the hint; the data fields still derive', () => {
    const { schema, problems } = fixtures.parameters('class-problems')
    expect(problems.map(({ code, severity, path, message, hint }) => ({ code, severity, path, message, hint }))).toEqual([
      { code: 'TC1005', severity: 'error', path: 'greeter', message: 'greeter: class Greeter is more than data: method greet()', hint: classHint },
      {
        code: 'TC1005',
        severity: 'error',
        path: 'vault',
        message: 'vault: class Vault is more than data: private member secret, protected member level, private member #hidden, accessor upper',
        hint: classHint,
      },
    ])
    expect(schema['properties']).toEqual({
      greeter: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
      vault: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false },
    })
  })

  test('a class with a method as the whole parameter is one TC1005, not also TC1006', () => {
    const { problems } = fixtures.parameters('class-problems', 'rootClass')
    expect(problems.map(({ code, message }) => ({ code, message }))).toEqual([{ code: 'TC1005', message: 'class Greeter is more than data: method greet()' }])
  })
})

describe('built-in classes stay T5 errors with their hints', () => {
  test('Date, RegExp, URL, typed arrays, Buffer, Map and Set', () => {
    const { problems } = fixtures.parameters('builtins')
    expect(problems.map(({ code, path, message, hint }) => ({ code, path, message, hint }))).toEqual([
      { code: 'TC1005', path: 'when', message: 'when: Date is not a JSON type', hint: 'use `string` with `@format date-time`' },
      { code: 'TC1005', path: 'pattern', message: 'pattern: RegExp is not a JSON type', hint: 'use `string` (the pattern), compiled by the handler' },
      { code: 'TC1005', path: 'link', message: 'link: URL is not a JSON type', hint: 'use `string` with `@format uri`' },
      { code: 'TC1005', path: 'bytes', message: 'bytes: Uint8Array is not a JSON type', hint: 'use `number[]`, or a base64 `string` for bytes' },
      { code: 'TC1005', path: 'buffer', message: 'buffer: Buffer is not a JSON type', hint: 'send bytes as a base64 `string`' },
      { code: 'TC1005', path: 'lookup', message: 'lookup: Map is not a JSON type', hint: 'use `Record<string, V>`' },
      { code: 'TC1005', path: 'seen', message: 'seen: Set is not a JSON type', hint: 'use an array with `@uniqueItems`' },
    ])
  })
})
