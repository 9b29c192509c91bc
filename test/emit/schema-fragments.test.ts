import { rmSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import { buildCatalog } from '../../src/build.js'
import { shareSchemaTexts } from '../../src/emit/registry/schema-fragments.js'
import { fragmentJoiner } from '../../src/runtime/lazy/lazy-schema.js'
import { sharedSchemaProject } from './shared-schema-project.js'

/** Every schema joined back to text through the encoded fragment table. */
function joined(values: readonly unknown[]): string[] {
  const { fragments, schemas } = shareSchemaTexts(values)
  const join = fragmentJoiner(fragments)
  return schemas.map(join)
}

const address = { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['street', 'city'] }
const customer = { type: 'object', properties: { name: { type: 'string' }, home: address, work: address } }

describe('shareSchemaTexts on a real catalog', () => {
  const project = sharedSchemaProject()
  afterAll(() => rmSync(project.root, { recursive: true, force: true }))
  const parameters = project.catalog.tools.map((tool) => tool.parameters)

  test('joining gives exactly each schema\'s JSON text, $defs and recursion included', () => {
    expect(JSON.stringify(parameters)).toContain('"$ref":"#/$defs/Category"')
    expect(joined(parameters)).toEqual(parameters.map((schema) => JSON.stringify(schema)))
  })

  test('the shared interface is written once across the catalog', () => {
    const { fragments, schemas } = shareSchemaTexts(parameters)
    const written = JSON.stringify([fragments, schemas])
    const times = (text: string): number => text.split('A postal address.').length - 1
    expect(times(JSON.stringify(parameters))).toBe(2)
    expect(times(written)).toBe(1)
  })
})

describe('shareSchemaTexts', () => {
  test('with nothing repeated, each schema is its JSON text and there is no table', () => {
    const { catalog } = buildCatalog({ tools: path.join(import.meta.dirname, '../../fixtures/basic/tools') })
    // write_file repeats read_file's described `encoding`, a repetition the next tests cover.
    const parameters = catalog.tools.filter((tool) => tool.name !== 'write_file').map((tool) => tool.parameters)
    expect(shareSchemaTexts(parameters)).toEqual({ fragments: [], schemas: parameters.map((schema) => JSON.stringify(schema)) })
  })

  test('a repeated subschema is a fragment, itself referencing a smaller one, numbered by first occurrence', () => {
    const { fragments, schemas } = shareSchemaTexts([{ owner: customer }, { buyer: customer, ship: address }])
    const addressText = JSON.stringify(address)
    expect(fragments).toEqual([['{"type":"object","properties":{"name":{"type":"string"},"home":', 1, ',"work":', 1, '}}'], addressText])
    expect(schemas).toEqual([['{"owner":', 0, '}'], ['{"buyer":', 0, ',"ship":', 1, '}']])
  })

  test('a subschema repeated only inside one shared subschema is shared only if it repeats there', () => {
    const wrapper = { home: address, note: 'x' }
    expect(shareSchemaTexts([{ a: wrapper }, { b: wrapper }]).fragments).toEqual([JSON.stringify(wrapper)])
    const twice = { home: address, work: address }
    expect(shareSchemaTexts([{ a: twice }, { b: twice }]).fragments).toEqual([['{"home":', 1, ',"work":', 1, '}'], JSON.stringify(address)])
  })

  test('a repeated text is shared from 64 characters on', () => {
    const sized = (length: number) => ({ d: 'x'.repeat(length - '{"d":""}'.length) })
    expect(shareSchemaTexts([{ a: sized(63) }, { b: sized(63) }]).fragments).toEqual([])
    expect(shareSchemaTexts([{ a: sized(64) }, { b: sized(64) }]).fragments).toEqual([JSON.stringify(sized(64))])
    expect(JSON.stringify(sized(64))).toHaveLength(64)
  })

  test('joining any JSON values with repeats gives their JSON text', () => {
    const value = fc.jsonValue({ maxDepth: 4 })
    // Values built from a small pool of parts, so subtrees repeat within and across values.
    const values = fc.array(value, { minLength: 1, maxLength: 4 }).chain((pool) =>
      fc.array(fc.array(fc.constantFrom(...pool), { maxLength: 4 }).map((parts) => ({ parts, tail: parts.slice(1) })), { maxLength: 5 }),
    )
    fc.assert(fc.property(values, (list) => {
        expect(joined(list)).toEqual(list.map((one) => JSON.stringify(one)))
      }), { numRuns: 200 })
  })
})
