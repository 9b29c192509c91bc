import { describe, expect, test } from 'vitest'
import { isToolCall } from '../../src/index.js'

const valid = { id: '1', name: 'add', arguments: { left: 1 } }

describe('isToolCall', () => {
  test('accepts a string id and name with a plain-record arguments, null prototype included', () => {
    expect(isToolCall(valid)).toBe(true)
    expect(isToolCall({ ...valid, arguments: Object.create(null) })).toBe(true)
  })

  test('rejects incomplete envelopes and wrong field types', () => {
    const { id: _id, ...noId } = valid
    const { name: _name, ...noName } = valid
    const { arguments: _args, ...noArguments } = valid
    for (const value of [noId, noName, noArguments, { ...valid, id: 1 }, { ...valid, name: null }, null, undefined, 'call', [valid]]) {
      expect(isToolCall(value)).toBe(false)
    }
  })

  test('rejects arguments that are not a plain record', () => {
    for (const args of [null, [], 'x', 1, new Date(), new Map(), new (class Args {})()]) {
      expect(isToolCall({ ...valid, arguments: args })).toBe(false)
    }
  })

  test('stays total for throwing getters and proxies with throwing traps', () => {
    const throwing = () => {
      throw new Error('hostile')
    }
    const getter = Object.defineProperty({ name: 'add', arguments: {} }, 'id', { get: throwing })
    const trapped = new Proxy(valid, { get: throwing })
    const trappedArguments = { ...valid, arguments: new Proxy({}, { getPrototypeOf: throwing }) }
    const revocable = Proxy.revocable(valid, {})
    revocable.revoke()
    for (const value of [getter, trapped, trappedArguments, revocable.proxy]) expect(isToolCall(value)).toBe(false)
  })

  test('ignores extra fields without reading them', () => {
    let reads = 0
    const call = Object.defineProperty({ ...valid }, 'extra', {
      get: () => {
        reads += 1
        throw new Error('must not be read')
      },
    })
    expect(isToolCall(call)).toBe(true)
    expect(reads).toBe(0)
  })
})
