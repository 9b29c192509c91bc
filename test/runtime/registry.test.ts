import { describe, expect, test } from 'vitest'
import type { ToolInterface } from '../../src/index.js'
import { ToolManager, createTool, createToolManager } from '../../src/index.js'

const named = (name: string, value: unknown = name): ToolInterface => createTool({ name, execute: () => value })
const names = (tools: readonly ToolInterface[]) => tools.map((tool) => tool.name)

describe('ToolManager registry', () => {
  test('createToolManager builds an empty working ToolManager', () => {
    const tools = createToolManager()
    expect(tools).toBeInstanceOf(ToolManager)
    expect(tools.count).toBe(0)
    expect(tools.tools()).toEqual([])
  })

  test('keeps insertion order; a replacement keeps its position', () => {
    const tools = createToolManager()
    tools.add([named('a'), named('b'), named('c')])
    const replacement = named('a', 'new')
    tools.add(replacement)
    expect(names(tools.tools())).toEqual(['a', 'b', 'c'])
    expect(tools.tool('a')).toBe(replacement)
  })

  test('a name removed and added again lands at the end', () => {
    const tools = createToolManager()
    tools.add([named('a'), named('b')])
    tools.remove('a')
    tools.add(named('a'))
    expect(names(tools.tools())).toEqual(['b', 'a'])
  })

  test('in a batch, later entries win over earlier ones with the same name', () => {
    const tools = createToolManager()
    const winner = named('x', 2)
    tools.add([named('x', 1), named('y'), winner])
    expect(tools.count).toBe(2)
    expect(tools.tool('x')).toBe(winner)
  })

  test('listings are fresh arrays and fresh projections, never views of the registry', () => {
    const tools = createToolManager()
    tools.add(named('a'))
    const listed = tools.tools() as ToolInterface[]
    listed.push(named('intruder'))
    expect(tools.count).toBe(1)
    const definitions = tools.definitions()
    expect(tools.definitions()).not.toBe(definitions)
    expect(tools.definitions()[0]).not.toBe(definitions[0])
    expect(definitions).toStrictEqual([{ name: 'a' }])
  })

  test('remove reports presence; a batch is true only when every name was present', () => {
    const tools = createToolManager()
    tools.add([named('a'), named('b'), named('c')])
    expect(tools.remove('ghost')).toBe(false)
    expect(tools.remove(['a', 'b'])).toBe(true)
    expect(tools.remove(['c', 'ghost'])).toBe(false)
    expect(tools.count).toBe(0)
  })
})
