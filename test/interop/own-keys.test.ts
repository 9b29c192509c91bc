import { expect, test } from 'vitest'
import { exportTools } from '../../src/interop/profiles/index.js'
import type { CatalogTool } from '../../src/runtime/catalog.js'
import { propertiesOf } from '../../src/runtime/schema-reading.js'
import { catalogOf } from './rich-catalog.js'

/** A parameter schema whose properties hold a key named `__proto__`, as JSON.parse reads it from a catalog. */
const parameters = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"q":{"type":"string"}},"required":["q"]}') as CatalogTool['parameters']

test('propertiesOf keeps a property named __proto__ as a property', () => {
  const properties = propertiesOf(parameters)
  expect(Object.keys(properties)).toEqual(['__proto__', 'q'])
  expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
})

test('a strict export keeps a property named __proto__, made required and nullable like any optional one', () => {
  const tool = { name: 't', parameters, source: { module: 'tools/t.ts', export: 'default' }, hash: 'sha256-x' } as CatalogTool
  const { output } = exportTools(catalogOf(tool), 'openai', { strict: true })
  const schema = (output as { tools: { function: { parameters: { properties: object; required: string[] } } }[] }).tools[0]!.function.parameters
  expect(Object.keys(schema.properties)).toEqual(['__proto__', 'q'])
  expect(schema.required).toEqual(['__proto__', 'q'])
})
