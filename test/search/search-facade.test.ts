import { describe, expect, test } from 'vitest'
import { createLazyRegistry } from '../../src/runtime/lazy/create-lazy-registry.js'
import { withToolSearch } from '../../src/runtime/search/search-facade.js'

// `withToolSearch` lists from data and loads its search and dispatch code on the first call
// (issue 26: off `toolcat/lazy`'s listing path): what it lists and how it dispatches are unchanged.
const parameters = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false }
const registry = () =>
  createLazyRegistry(
    ['invoice_create', 'invoice_delete', 'user_list'].map((name) => ({
      definition: { name, description: `The ${name.replace('_', ' ')} tool.`, parameters },
      load: async () => ({ handler: (args: { id: string }) => `${name} ${args.id}` }),
    })),
  )

describe('withToolSearch', () => {
  test('lists tool_search, the pinned tools and call_tool, before any code of its own runs', () => {
    const facade = withToolSearch(registry(), { pin: ['user_list'], search: { maxLimit: 7 } })
    expect(facade.count).toBe(3)
    expect(facade.tools().map((tool) => tool.name)).toEqual(['tool_search', 'user_list', 'call_tool'])
    const [search, , call] = facade.definitions()
    expect(search).toMatchObject({ name: 'tool_search', title: 'Search tools', annotations: { pure: true }, parameters: { required: ['query'], properties: { limit: { maximum: 7 } } } })
    expect(call).toMatchObject({ name: 'call_tool', parameters: { required: ['name'] } })
    expect(() => withToolSearch(registry(), { pin: ['nope'] })).toThrow('cannot pin nope')
  })

  test('searches, calls a found tool through call_tool, and answers every bad call with a failure', async () => {
    const facade = withToolSearch(registry(), { pin: ['user_list'] })
    const found = await facade.execute({ id: '1', name: 'tool_search', arguments: { query: 'delete an invoice' } })
    expect(found).toMatchObject({ success: true, value: { tools: [{ name: 'invoice_delete' }, { name: 'invoice_create' }] } })
    expect(await facade.execute({ id: '2', name: 'call_tool', arguments: { name: 'invoice_delete', arguments: { id: 'a' } } })).toMatchObject({ success: true, value: 'invoice_delete a' })
    expect(await facade.execute({ id: '3', name: 'user_list', arguments: { id: 'b' } })).toMatchObject({ success: true, value: 'user_list b' })
    const [unpinned, unknown, invalid] = await facade.execute([
      { id: '4', name: 'invoice_create', arguments: { id: 'c' } },
      { id: '5', name: 'call_tool', arguments: { name: 'nope' } },
      { id: '6', name: 'call_tool', arguments: { name: 'invoice_create', arguments: 'x' } },
    ])
    expect(unpinned).toMatchObject({ success: false, error: 'tool not found: invoice_create' })
    expect(unknown).toMatchObject({ success: false, error: 'tool not found: nope' })
    expect(invalid).toMatchObject({ success: false, error: 'arguments: type; expected object' })
    // The listed tools run on their own too, as a host holding them would call them.
    expect(await facade.tool('tool_search')!.execute({ query: 'user' }, {} as never)).toEqual({ tools: [] }) // pinned: shown already, never found
    expect(await facade.tool('tool_search')!.execute({ query: 'create invoice', limit: 1 }, {} as never)).toMatchObject({ tools: [{ name: 'invoice_create' }] })
    expect(await facade.tool('call_tool')!.execute({ name: 'user_list', arguments: { id: 'd' } }, {} as never)).toBe('user_list d')
  })

  test('streams a call_tool call as the direct call of its tool', async () => {
    const facade = withToolSearch(registry())
    const parts: unknown[] = []
    for await (const part of facade.stream({ id: '1', name: 'call_tool', arguments: { name: 'invoice_create', arguments: { id: 'e' } } })) parts.push(part)
    expect(parts).toEqual([{ type: 'result', result: expect.objectContaining({ success: true, value: 'invoice_create e' }) }])
    const refused: unknown[] = []
    for await (const part of facade.stream({ id: '2', name: 'invoice_create', arguments: {} })) refused.push(part)
    expect(refused).toEqual([{ type: 'result', result: expect.objectContaining({ success: false, error: 'tool not found: invoice_create' }) }])
  })
})
