import { describe, expect, it } from 'vitest'
import { runAlternating } from '../lib/alternate.mjs'

const quick = (id, extra = {}) => ({ id, command: 'node', args: ['-e', '0'], ...extra })

describe('runAlternating', () => {
  it('runs the contestants in turn, A B A B, and lets one with its own reps sit out the rest', () => {
    const order = []
    const runs = runAlternating([quick('a'), quick('slow', { reps: 1 }), quick('b')], 2, (line) => order.push(line.trim().split(':')[0]))
    expect(order).toEqual(['a #1', 'slow #1', 'b #1', 'a #2', 'b #2'])
    expect(runs.map((run) => run.samples.length)).toEqual([2, 1, 2])
  })

  it('stops running a contestant that failed and keeps its reason', () => {
    const runs = runAlternating([{ id: 'broken', command: 'node', args: ['-e', 'throw new RangeError("no corpus")'] }], 3, () => {})
    expect(runs).toEqual([{ id: 'broken', samples: [], error: 'RangeError: no corpus' }])
  })
})
