import { describe, expect, test } from 'vitest'
import type { ToolCall, ToolContext, ToolStreamPart } from '../../src/index.js'
import { createTool, createToolManager } from '../../src/index.js'
import { deferred } from './support.js'

const call: ToolCall = { id: 's1', name: 'count', arguments: {} }

async function collect(parts: AsyncIterable<ToolStreamPart>): Promise<ToolStreamPart[]> {
  const seen: ToolStreamPart[] = []
  for await (const part of parts) seen.push(part)
  return seen
}

function registry(execute: (args: Readonly<Record<string, unknown>>, context: ToolContext) => unknown) {
  const tools = createToolManager()
  tools.add(createTool({ name: 'count', execute }))
  return tools
}

describe('streaming', () => {
  test('stream yields each chunk as it is produced, then exactly one result', async () => {
    const log: string[] = []
    const tools = registry(async function* () {
      for (const n of [1, 2, 3]) {
        log.push(`produce ${n}`)
        yield n
      }
    })
    for await (const part of tools.stream(call)) log.push(part.type === 'chunk' ? `consume ${String(part.value)}` : 'result')
    expect(log).toEqual(['produce 1', 'consume 1', 'produce 2', 'consume 2', 'produce 3', 'consume 3', 'result'])
  })

  test('the result part carries the collected chunks, as execute does', async () => {
    const tools = registry(async function* () {
      yield 'a'
      yield 'b'
    })
    const parts = await collect(tools.stream(call))
    expect(parts.at(-1)).toEqual({ type: 'result', result: { id: 's1', name: 'count', success: true, value: ['a', 'b'] } })
    expect(parts.filter((part) => part.type === 'result')).toHaveLength(1)
    expect(await tools.execute(call)).toEqual({ id: 's1', name: 'count', success: true, value: ['a', 'b'] })
  })

  test('a handler resolving to an AsyncIterable (as a lazy tool does) streams too', async () => {
    const tools = registry(async () =>
      (async function* () {
        yield 1
      })(),
    )
    expect(await collect(tools.stream(call))).toEqual([
      { type: 'chunk', value: 1 },
      { type: 'result', result: { id: 's1', name: 'count', success: true, value: [1] } },
    ])
  })

  test('a throw mid-stream ends the stream with a failure result after the chunks already yielded', async () => {
    const tools = registry(async function* () {
      yield 1
      throw new Error('source broke')
    })
    expect(await collect(tools.stream(call))).toEqual([
      { type: 'chunk', value: 1 },
      { type: 'result', result: { id: 's1', name: 'count', success: false, error: 'source broke' } },
    ])
    expect(await tools.execute(call)).toEqual({ id: 's1', name: 'count', success: false, error: 'source broke' })
  })

  test('an abort stops a pending iteration and calls the iterator return()', async () => {
    const controller = new AbortController()
    const returned = deferred<true>()
    const source: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: () => new Promise<IteratorResult<number>>(() => undefined),
        return: async () => (returned.resolve(true), { done: true, value: undefined }),
      }),
    }
    const tools = registry(() => source)
    const pending = collect(tools.stream(call, { signal: controller.signal }))
    controller.abort('stop streaming')
    expect(await pending).toEqual([{ type: 'result', result: { id: 's1', name: 'count', success: false, error: 'stop streaming' } }])
    expect(await returned.promise).toBe(true)
  })

  test('an abort between chunks stops the generator, running its cleanup', async () => {
    const controller = new AbortController()
    let cleaned = false
    const tools = registry(async function* () {
      try {
        yield 1
        controller.abort('enough')
        yield 2
      } finally {
        cleaned = true
      }
    })
    const result = await tools.execute(call, { signal: controller.signal })
    expect(result).toEqual({ id: 's1', name: 'count', success: false, error: 'enough' })
    expect(cleaned).toBe(true)
  })

  test('a non-streaming tool through stream yields just the result part', async () => {
    const tools = registry(() => 7)
    expect(await collect(tools.stream(call))).toEqual([{ type: 'result', result: { id: 's1', name: 'count', success: true, value: 7 } }])
    expect(await collect(tools.stream({ ...call, name: 'ghost' }))).toEqual([
      { type: 'result', result: { id: 's1', name: 'ghost', success: false, error: 'tool not found: ghost' } },
    ])
  })

  test('a consumer that stops reading releases the source', async () => {
    let cleaned = false
    const tools = registry(async function* () {
      try {
        for (let n = 0; ; n += 1) yield n
      } finally {
        cleaned = true
      }
    })
    for await (const part of tools.stream(call)) if (part.type === 'chunk' && part.value === 2) break
    expect(cleaned).toBe(true)
  })
})
