import { describe, expect, test } from 'vitest'
import { ToolError, isToolError } from '../../src/index.js'

describe('ToolError', () => {
  test('is an Error carrying a code, a message and the context it was given', () => {
    const faults = [{ path: ['amount'], reason: 'type' }]
    const error = new ToolError('ARGUMENTS', 'amount: type', { faults })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ToolError')
    expect(error.code).toBe('ARGUMENTS')
    expect(error.message).toBe('amount: type')
    expect(error.context?.faults).toBe(faults)
  })

  test('leaves context absent when none was supplied', () => {
    expect('context' in new ToolError('SCHEMA', 'conflict')).toBe(false)
  })
})

describe('isToolError', () => {
  test('recognises tool errors and rejects unrelated values', () => {
    expect(isToolError(new ToolError('SCHEMA', 'x'))).toBe(true)
    for (const value of [new Error('x'), { code: 'SCHEMA', message: 'x' }, null, undefined, 'ToolError', 0]) {
      expect(isToolError(value)).toBe(false)
    }
  })

  test('contains hostile prototype access', () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap')
        },
      },
    )
    const revocable = Proxy.revocable({}, {})
    revocable.revoke()
    expect(isToolError(hostile)).toBe(false)
    expect(isToolError(revocable.proxy)).toBe(false)
  })
})
