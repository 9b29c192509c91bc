import fc from 'fast-check'
import { expect, test } from 'vitest'
import { BodyBudget, readBody } from '../../src/interop/mcp/read-body.js'

// Many bodies read at once, each streamed in random chunks with a right, missing, short or long
// Content-Length: the bytes held never pass the budget, a body is kept whole or not at all, and
// every byte taken is given back.
class WatchedBudget extends BodyBudget {
  most = 0
  override take(bytes: number): boolean {
    const taken = super.take(bytes)
    this.most = Math.max(this.most, this.held)
    return taken
  }
}

const limit = 3_000
const bodyArbitrary = fc.record({
  size: fc.integer({ min: 0, max: 5_000 }),
  pieces: fc.integer({ min: 1, max: 6 }),
  declared: fc.constantFrom('right', 'none', 'short', 'long'),
})

function requestOf(bytes: Uint8Array, pieces: number, declared: string): Request {
  const step = Math.max(1, Math.ceil(bytes.length / pieces))
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      await new Promise((resolve) => setImmediate(resolve))
      if (offset >= bytes.length) return stream.close()
      stream.enqueue(bytes.slice(offset, offset + step))
      offset += step
    },
  })
  const length = { right: bytes.length, short: Math.max(0, bytes.length - 100), long: bytes.length + 100, none: undefined }[declared]
  return { body, headers: new Headers(length === undefined ? {} : { 'content-length': String(length) }) } as unknown as Request
}

test('bytes held by bodies read at once never pass the budget; each is kept whole or refused; all are given back', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(bodyArbitrary, { minLength: 1, maxLength: 8 }), async (bodies) => {
      const budget = new WatchedBudget(6_000)
      const texts = bodies.map(({ size }, index) => `${index}`.padEnd(size, 'x').slice(0, size))
      const read = await Promise.all(bodies.map(({ pieces, declared }, index) => readBody(requestOf(new TextEncoder().encode(texts[index]), pieces, declared), limit, budget)))
      expect(budget.most).toBeLessThanOrEqual(6_000)
      read.forEach((result, index) => {
        const size = (texts[index] as string).length
        if ('text' in result) {
          expect(result.text).toBe(texts[index])
          expect(size).toBeLessThanOrEqual(limit)
          budget.give(result.held)
        } else if ('oversized' in result) expect(result.oversized).toBe(size)
        else expect(result.busy).toBe(size)
      })
      expect(budget.held).toBe(0)
    }),
    { numRuns: 200 },
  )
})
