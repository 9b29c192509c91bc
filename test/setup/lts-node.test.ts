import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { LTS_NODES, envWithNode, ltsNode, testPasses } from '../../scripts/lts-node.mjs'

// The Node lines `npm test` runs on: each binary from `.tmp/` is the exact version named, and an
// environment built for it makes `node` on PATH (what npm and `#!/usr/bin/env node` run) that binary.

test.each(Object.entries(LTS_NODES))('Node %s from .tmp/ is %s, and is the node a child finds on PATH', (line, version) => {
  const node = ltsNode(line)
  expect(node).toMatch(new RegExp(`/\\.tmp/node-${version.replaceAll('.', '\\.')}/`))
  expect(execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${version}`)
  expect(execFileSync('sh', ['-c', 'node --version'], { encoding: 'utf8', env: envWithNode(node) }).trim()).toBe(`v${version}`)
})

test('this pass runs on one of the tested lines (the test command never runs vitest on the machine\'s own Node)', () => {
  expect(Object.values(LTS_NODES)).toContain(process.versions.node)
  expect(execFileSync('sh', ['-c', 'node --version'], { encoding: 'utf8' }).trim()).toBe(process.version)
})

test('leading line numbers choose the passes, every line in order when none is named; the rest go to vitest', () => {
  expect(testPasses([])).toEqual({ lines: Object.keys(LTS_NODES), vitestArgs: [] })
  expect(testPasses(['26'])).toEqual({ lines: ['26'], vitestArgs: [] })
  expect(testPasses(['24', 'test/a.test.ts', '-t', 'x'])).toEqual({ lines: ['24'], vitestArgs: ['test/a.test.ts', '-t', 'x'] })
  expect(testPasses(['test/a.test.ts'])).toEqual({ lines: Object.keys(LTS_NODES), vitestArgs: ['test/a.test.ts'] })
  // Only leading ones: a vitest argument that happens to be a line's number stays vitest's.
  expect(testPasses(['24', '-t', '26'])).toEqual({ lines: ['24'], vitestArgs: ['-t', '26'] })
  expect(Object.keys(LTS_NODES)).toEqual(['24', '26'])
})

test('a line that is not tested is refused by name', () => {
  expect(() => ltsNode(20)).toThrow('Node 20 is not one of the tested LTS lines (24, 26)')
})
