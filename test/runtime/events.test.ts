import { describe, expect, test } from 'vitest'
import type { ToolInterface } from '../../src/index.js'
import { createTool, createToolManager } from '../../src/index.js'

const named = (name: string): ToolInterface => createTool({ name, execute: () => name })

describe('registry events', () => {
  test('add publishes with the map already holding that exact tool', () => {
    const tools = createToolManager()
    const seen: boolean[] = []
    tools.emitter.on('add', (tool) => seen.push(tools.tool(tool.name) === tool))
    tools.add([named('a'), named('b')])
    expect(seen).toEqual([true, true])
  })

  test('a replacement publishes remove with the previous instance while the replacement is installed, then add', () => {
    const tools = createToolManager()
    const first = named('x')
    const second = named('x')
    tools.add(first)
    const log: unknown[] = []
    tools.emitter.on('remove', (tool) => log.push(['remove', tool, tools.tool('x')]))
    tools.emitter.on('add', (tool) => log.push(['add', tool]))
    tools.add(second)
    expect(log).toEqual([
      ['remove', first, second],
      ['add', second],
    ])
  })

  test('a listener that mutates the registry re-enters synchronously, before the outer call resumes', () => {
    const tools = createToolManager()
    const log: string[] = []
    tools.emitter.on('add', (tool) => {
      log.push(`add ${tool.name}`)
      if (tool.name === 'a') tools.add(named('b'))
    })
    tools.add([named('a'), named('c')])
    expect(log).toEqual(['add a', 'add b', 'add c'])
  })

  test('a removal listener that installs a third instance suppresses the replacement add', () => {
    const tools = createToolManager()
    const third = named('x')
    tools.add(named('x'))
    const added: ToolInterface[] = []
    const installThird = (): void => {
      if (tools.tool('x') !== third) tools.add(third)
    }
    tools.emitter.on('remove', installThird)
    tools.emitter.on('add', (tool) => added.push(tool))
    tools.add(named('x'))
    expect(added).toEqual([third])
    expect(tools.tool('x')).toBe(third)
  })

  test('remove publishes after deletion; a missing name publishes nothing; batches go in order', () => {
    const tools = createToolManager()
    tools.add([named('a'), named('b')])
    const log: unknown[] = []
    tools.emitter.on('remove', (tool) => log.push([tool.name, tools.tool(tool.name)]))
    tools.remove('ghost')
    tools.remove(['b', 'ghost', 'a'])
    expect(log).toEqual([
      ['b', undefined],
      ['a', undefined],
    ])
  })

  test('each clear publishes one snapshot of the removed tools by identity, even when empty', () => {
    const tools = createToolManager()
    const a = named('a')
    const b = named('b')
    tools.add([a, b])
    const snapshots: (readonly ToolInterface[])[] = []
    tools.emitter.on('clear', (removed) => snapshots.push(removed))
    tools.clear()
    tools.clear()
    expect(snapshots).toHaveLength(2)
    expect(snapshots[0]?.[0]).toBe(a)
    expect(snapshots[0]?.[1]).toBe(b)
    expect(snapshots[1]).toEqual([])
  })

  test('destroy clears with listeners attached, then destroys the emitter and ends empty', () => {
    const tools = createToolManager()
    tools.add(named('a'))
    const log: string[] = []
    tools.emitter.on('clear', (removed) => {
      log.push(`clear ${removed.length} destroyed=${tools.emitter.destroyed}`)
      tools.add(named('zombie'))
    })
    tools.destroy()
    expect(log).toEqual(['clear 1 destroyed=false'])
    expect(tools.emitter.destroyed).toBe(true)
    expect(tools.count).toBe(0)
  })

  test('an emission underway reaches its remaining listeners even if one destroys the registry', () => {
    const tools = createToolManager()
    const log: string[] = []
    tools.emitter.on('add', () => {
      log.push('first')
      tools.destroy()
    })
    tools.emitter.on('add', () => log.push('second'))
    tools.add(named('a'))
    expect(log).toEqual(['first', 'second'])
  })

  test('a destroyed registry publishes nothing, still updates its map, and ignores subscriptions', () => {
    const log: string[] = []
    const tools = createToolManager({ on: { add: () => log.push('add') } })
    tools.destroy()
    tools.emitter.on('add', () => log.push('late'))
    tools.add(named('a'))
    expect(log).toEqual([])
    expect(tools.count).toBe(1)
  })

  test('listener throws reach the error handler as (error, event) and spare the siblings', () => {
    const failures: unknown[] = []
    const boom = new Error('listener')
    const log: string[] = []
    const tools = createToolManager({
      on: {
        add: () => {
          throw boom
        },
      },
      error: (error, event) => failures.push([error, event]),
    })
    tools.emitter.on('add', () => log.push('sibling'))
    tools.add(named('a'))
    expect(failures).toEqual([[boom, 'add']])
    expect(log).toEqual(['sibling'])
  })

  test('without an error handler listener throws are swallowed', () => {
    const tools = createToolManager()
    tools.emitter.on('remove', () => {
      throw new Error('ignored')
    })
    tools.add(named('a'))
    expect(() => tools.remove('a')).not.toThrow()
  })

  test('the function returned by on unsubscribes', () => {
    const tools = createToolManager()
    const log: string[] = []
    const off = tools.emitter.on('add', (tool) => log.push(tool.name))
    tools.add(named('a'))
    off()
    tools.add(named('b'))
    expect(log).toEqual(['a'])
  })

  test('execution publishes no registry events', async () => {
    const log: string[] = []
    const tools = createToolManager({ on: { add: () => log.push('add'), remove: () => log.push('remove'), clear: () => log.push('clear') } })
    tools.add(named('a'))
    await tools.execute([
      { id: '1', name: 'a', arguments: {} },
      { id: '2', name: 'ghost', arguments: {} },
    ])
    expect(log).toEqual(['add'])
  })
})
