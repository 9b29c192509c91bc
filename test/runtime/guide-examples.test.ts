// One test per example fence of the runtime guide, asserting the values its comments claim,
// with `contract` adapted to a JSON Schema.
import { describe, expect, test } from 'vitest'
import type { ToolAnnotations, ToolContext, ToolErrorCode, ToolErrorContext } from '../../src/index.js'
import { Tool, ToolError, createTool, createToolManager, isToolCall, isToolError, toolToDefinition } from '../../src/index.js'

function createAdd() {
  return createTool({
    name: 'add',
    description: 'Add two numeric values and return their sum. Both operands are required.',
    summary: 'Add two numbers.',
    parameters: {
      type: 'object',
      properties: { left: { type: 'number' }, right: { type: 'number' } },
      required: ['left', 'right'],
    },
    execute: (args) => Number(args.left) + Number(args.right),
  })
}

describe('guide examples', () => {
  test('anatomy of a tool: the definition travels with its handler, summary advertised', async () => {
    const add = createAdd()
    const tools = createToolManager()
    tools.add(add)
    expect(tools.definitions()[0]?.description).toBe('Add two numbers.')
    expect(tools.tool('add')?.description).toBe('Add two numeric values and return their sum. Both operands are required.')
    expect(await tools.execute({ id: 'a', name: 'add', arguments: { left: 2, right: 3 } })).toEqual({ id: 'a', name: 'add', success: true, value: 5 })
  })

  test('the registry: counts, lookups, listings, removals and clear', () => {
    const add = createAdd()
    const tools = createToolManager()
    tools.add(add)
    tools.add([
      new Tool({ name: 'echo', execute: (args) => args.value }),
      new Tool({ name: 'now', description: 'Current epoch milliseconds.', execute: () => Date.now() }),
    ])
    expect(tools.count).toBe(3)
    expect(tools.tool('add')).toBe(add)
    expect(tools.tool('missing')).toBeUndefined()
    const listed = tools.tools()
    expect(listed.map((tool) => tool.name)).toEqual(['add', 'echo', 'now'])
    expect(tools.tools()).not.toBe(listed)
    expect(tools.definitions().map((definition) => definition.name)).toEqual(['add', 'echo', 'now'])
    expect(tools.remove('echo')).toBe(true)
    expect(tools.remove(['now', 'ghost'])).toBe(false)
    expect(tools.tool('now')).toBeUndefined()
    tools.clear()
    expect(tools.count).toBe(0)
  })

  test('calls and results: a guarded envelope executes; a batch answers per call', async () => {
    const tools = createToolManager()
    tools.add(createAdd())
    const incoming: unknown = { id: 'call-1', name: 'add', arguments: { left: 2, right: 3 } }
    expect(isToolCall(incoming)).toBe(true)
    if (!isToolCall(incoming)) return
    const result = await tools.execute(incoming)
    expect(result.success && result.value).toBe(5)
    const batch = await tools.execute([
      { id: '1', name: 'add', arguments: { left: 2, right: 3 } },
      { id: '2', name: 'ghost', arguments: {} },
    ])
    expect(batch).toEqual([
      { id: '1', name: 'add', success: true, value: 5 },
      { id: '2', name: 'ghost', success: false, error: 'tool not found: ghost' },
    ])
  })

  test('execution context: the signal reaches the handler and an abort fails the call', async () => {
    const controller = new AbortController()
    const context: ToolContext = { signal: controller.signal, caller: { subject: 'reader' } }
    const tools = createToolManager()
    tools.add(createTool({ name: 'signal', execute: (_args, execution) => execution.signal.aborted }))
    const call = { id: 'signal-1', name: 'signal', arguments: {} }
    expect(await tools.execute(call, context)).toEqual({ id: 'signal-1', name: 'signal', success: true, value: false })
    controller.abort('request ended')
    expect(await tools.execute(call, context)).toEqual({ id: 'signal-1', name: 'signal', success: false, error: 'request ended' })
  })

  test('contract validation and errors: a typed ARGUMENTS error at the direct boundary', () => {
    const tool = createTool({
      name: 'amount',
      contract: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      execute: (args) => args.amount,
    })
    const context = { signal: new AbortController().signal }
    expect(tool.execute({ amount: 3 }, context)).toBe(3)
    let caught: unknown
    try {
      tool.execute({ amount: 'invalid' }, context)
    } catch (error) {
      caught = error
    }
    if (!isToolError(caught)) throw new Error('expected a ToolError')
    const code: ToolErrorCode = caught.code
    const details: ToolErrorContext | undefined = caught.context
    expect(code).toBe('ARGUMENTS')
    expect(details?.faults?.[0]?.reason).toBe('type')
    expect(caught.message).toBe('amount: type; expected number; received "invalid"')
    const conflict = new ToolError('SCHEMA', 'Choose contract or parameters')
    expect(conflict.code).toBe('SCHEMA')
    expect(isToolError(conflict)).toBe(true)
    expect(isToolError(new Error('Unrelated'))).toBe(false)
  })

  test('advertising title and annotations: summary advertised, annotations kept by identity', () => {
    const annotations: ToolAnnotations = { pure: true, untrusted: false, consequential: false }
    const tool = createTool({
      name: 'echo',
      title: 'Echo',
      description: 'Return the supplied value unchanged.',
      summary: 'Echo a value.',
      annotations,
      execute: (args) => args.value,
    })
    const definition = toolToDefinition(tool)
    expect(definition.title).toBe('Echo')
    expect(definition.description).toBe('Echo a value.')
    expect(definition.annotations).toBe(annotations)
  })

  test('observe registry changes: the event sequence, then a destroyed emitter', () => {
    const events: string[] = []
    const tools = createToolManager({
      on: {
        add: () => events.push('add'),
        remove: () => events.push('remove'),
        clear: () => events.push('clear'),
      },
    })
    tools.add(createTool({ name: 'echo', execute: (args) => args.value }))
    tools.add(createTool({ name: 'echo', execute: () => 'replacement' }))
    tools.remove('echo')
    tools.clear()
    expect(events).toEqual(['add', 'remove', 'add', 'remove', 'clear'])
    tools.destroy()
    expect(tools.emitter.destroyed).toBe(true)
  })
})
