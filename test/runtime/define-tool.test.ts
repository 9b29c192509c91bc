import { describe, expect, expectTypeOf, test } from 'vitest'
import type { ToolContext, ToolDescriptor } from '../../src/index.js'
import { createTool, defineTool } from '../../src/index.js'
import { newContext } from './support.js'

describe('defineTool', () => {
  test('returns its descriptor unchanged', () => {
    const descriptor = { name: 'add', annotations: { pure: true }, execute: (args: { left: number; right: number }) => args.left + args.right }
    const defined = defineTool(descriptor)
    expect(defined).toBe(descriptor)
    expect(Object.keys(defined)).toEqual(['name', 'annotations', 'execute'])
  })

  test('types the descriptor from the first parameter and return of execute', () => {
    const add = defineTool({ execute: (args: { left: number; right: number }) => args.left + args.right })
    expectTypeOf(add).toEqualTypeOf<ToolDescriptor<{ left: number; right: number }, number>>()
    expectTypeOf<Parameters<NonNullable<typeof add.execute>>>().toEqualTypeOf<[args: { left: number; right: number }, context: ToolContext]>()
  })

  test('without execute it is a declaration-only tool', () => {
    const search = defineTool<{ query: string }>({ name: 'search', description: 'Searched by the host.' })
    expect(search.execute).toBeUndefined()
    expectTypeOf(search).toEqualTypeOf<ToolDescriptor<{ query: string }, unknown>>()
  })

  test("a descriptor's execute runs under the runtime with the validated arguments", async () => {
    const add = defineTool({ name: 'add', execute: (args: { left: number; right: number }) => args.left + args.right })
    const contract = { type: 'object', properties: { left: { type: 'number' }, right: { type: 'number' } }, required: ['left', 'right'] }
    const tool = createTool({ name: 'add', contract, execute: add.execute as NonNullable<typeof add.execute> })
    expect(tool.execute({ left: '2', right: 3 }, newContext())).toBe(5)
  })
})
