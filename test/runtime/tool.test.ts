import { describe, expect, test } from 'vitest'
import type { ToolContext } from '../../src/index.js'
import { Tool, createTool, isToolError } from '../../src/index.js'
import { newContext } from './support.js'

const contract = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'], additionalProperties: false }

describe('Tool', () => {
  test('copies the supplied fields and leaves the others absent', () => {
    const tool = new Tool({ name: 'bare', execute: () => 1 })
    expect(Object.keys(tool)).toEqual(['name'])
    expect('description' in tool).toBe(false)
    const full = createTool({ name: 'full', title: 'Full', description: 'D', summary: 'S', annotations: { pure: true }, execute: () => 1 })
    expect(full).toBeInstanceOf(Tool)
    expect(full).toMatchObject({ name: 'full', title: 'Full', description: 'D', summary: 'S', annotations: { pure: true } })
  })

  test('without a contract, forwards parameters, arguments and context by reference', () => {
    const parameters = { type: 'object' }
    const seen: unknown[] = []
    const tool = createTool({ name: 'raw', parameters, execute: (args, context) => seen.push(args, context) })
    const args = { anything: { nested: true } }
    const context: ToolContext = { ...newContext(), caller: { subject: 'me' } }
    tool.execute(args, context)
    expect(tool.parameters).toBe(parameters)
    expect(seen[0]).toBe(args)
    expect(seen[1]).toBe(context)
  })

  test('with a contract, advertises it as parameters and hands the handler a parsed copy', () => {
    let received: unknown
    const tool = createTool({ name: 'typed', contract, execute: (args) => (received = args) })
    const args = { n: '2', undeclared: 1 }
    tool.execute(args, newContext())
    expect(tool.parameters).toBe(contract)
    expect(received).toEqual({ n: 2 })
    expect(args).toEqual({ n: '2', undeclared: 1 })
  })

  test('refused arguments throw ARGUMENTS before the handler is entered', () => {
    let entered = false
    const tool = createTool({ name: 'typed', contract, execute: () => (entered = true) })
    expect(() => tool.execute({ n: 'x' }, newContext())).toThrow('n: type; expected number; received "x"')
    expect(entered).toBe(false)
  })

  test('contract and parameters together are a SCHEMA error', () => {
    let caught: unknown
    try {
      createTool({ name: 'both', contract, parameters: contract, execute: () => 1 })
    } catch (error) {
      caught = error
    }
    expect(isToolError(caught) && caught.code).toBe('SCHEMA')
  })

  test('does not catch: a handler throw propagates, a handler promise is returned as is', async () => {
    const failing = createTool({
      name: 'failing',
      execute: () => {
        throw new RangeError('boom')
      },
    })
    expect(() => failing.execute({}, newContext())).toThrow(RangeError)
    const later = createTool({ name: 'later', execute: async () => 'done' })
    const returned = later.execute({}, newContext())
    expect(returned).toBeInstanceOf(Promise)
    expect(await returned).toBe('done')
  })
})
