import { describe, expect, it } from 'vitest'
import { measure } from '../lib/measure.mjs'
import { pairedRatio, summarize } from '../lib/stats.mjs'

describe('measure', () => {
  it('reports the CPU a child burns and its peak RSS', () => {
    // Spins until the child's own clock shows 300 ms of CPU: deterministic on a busy machine too.
    const run = measure('node', ['-e', 'while (process.cpuUsage().user < 300_000);'])
    expect(run.ok).toBe(true)
    expect(run.cpu).toBeGreaterThanOrEqual(0.29)
    expect(run.wall).toBeGreaterThanOrEqual(0.29)
    expect(run.rssMB).toBeGreaterThan(10)
  })

  it("prefers a probe's own CPU figure and returns its report", () => {
    const run = measure('node', ['-e', 'console.log("warming"); console.log(`BENCH ${JSON.stringify({ cpu: 0.0123, tools: 3 })}`)'])
    expect(run.cpu).toBe(0.0123)
    expect(run.probe).toEqual({ cpu: 0.0123, tools: 3 })
  })

  it('turns a failing command into ok: false with the line naming the error', () => {
    const run = measure('node', ['-e', 'throw new TypeError("corpus is missing")'])
    expect(run.ok).toBe(false)
    expect(run.error).toBe('TypeError: corpus is missing')
  })
})

describe('stats', () => {
  it('summarizes with the median of an even count as the mean of the middle two', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 })
  })

  it('pairs ratios per repetition rather than dividing medians', () => {
    // Repetition 2 ran on a busy machine for both: paired ratios stay 2 where medians would give 1.5.
    expect(pairedRatio([2, 12, 4], [1, 6, 2])).toBe(2)
  })
})
