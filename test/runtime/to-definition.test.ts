import { describe, expect, test } from 'vitest'
import { createTool, toolToDefinition } from '../../src/index.js'

const parameters = { type: 'object', properties: { value: {} } }
const annotations = { pure: true }

describe('toolToDefinition', () => {
  test('advertises the summary in place of the description, keys in a fixed order', () => {
    const tool = createTool({ annotations, parameters, summary: 'Short.', description: 'Long.', title: 'T', name: 'x', execute: () => 1 })
    const definition = toolToDefinition(tool)
    expect(Object.keys(definition)).toEqual(['name', 'title', 'description', 'parameters', 'annotations'])
    expect(definition.description).toBe('Short.')
  })

  test('falls back to the description and omits absent fields', () => {
    expect(toolToDefinition(createTool({ name: 'x', description: 'Long.', execute: () => 1 }))).toStrictEqual({ name: 'x', description: 'Long.' })
    expect(Object.keys(toolToDefinition(createTool({ name: 'bare', execute: () => 1 })))).toEqual(['name'])
  })

  test('keeps schema and annotation identities but builds a fresh object per call', () => {
    const tool = createTool({ name: 'x', parameters, annotations, execute: () => 1 })
    const first = toolToDefinition(tool)
    expect(first.parameters).toBe(parameters)
    expect(first.annotations).toBe(annotations)
    expect(toolToDefinition(tool)).not.toBe(first)
    expect('execute' in first).toBe(false)
  })
})
