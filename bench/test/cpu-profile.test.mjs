import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { callTree, frameKey, groupTimes, inclusiveTimes, selfTimes, totalMs } from '../lib/cpu-profile.mjs'
import { timeGroupOf } from '../lib/profile-report.mjs'
import { cliPath, repoRoot } from '../lib/toolcat.mjs'

const app = 'file:///home/someone/project/src/app.js'
const frame = (id, functionName, url, lineNumber, children = []) => ({ id, callFrame: { functionName, url, lineNumber, columnNumber: 0, scriptId: '1' }, children })

// (root) ─ main ─ rec ─ rec        (recursion)
//        ├ (garbage collector)
//        └ other ─ main ─ leaf     (main called from a second place)
const profile = {
  nodes: [
    frame(1, '(root)', '', -1, [2, 5, 6]),
    frame(2, 'main', app, 0, [3]),
    frame(3, 'rec', app, 9, [4]),
    frame(4, 'rec', app, 9),
    frame(5, '(garbage collector)', '', -1),
    frame(6, 'other', 'file:///home/someone/project/lib/x.js', 4, [7]),
    frame(7, 'main', app, 0, [8]),
    frame(8, 'leaf', app, 19),
  ],
  startTime: 0,
  endTime: 4750,
  samples: [4, 4, 3, 2, 5, 8, 7],
  timeDeltas: [1000, 2000, 500, 250, 100, 400, 200],
}

const rounded = (map) => Object.fromEntries([...map].map(([key, ms]) => [key, Math.round(ms * 1000) / 1000]))

describe('cpu profile readings', () => {
  it('keys frames by name, last two path segments and 1-based line', () => {
    expect(frameKey(profile.nodes[1].callFrame)).toBe('main src/app.js:1')
    expect(frameKey({ functionName: '', url: 'node:internal/modules/cjs/loader', lineNumber: 1421 })).toBe('(anonymous) cjs/loader:1422')
    expect(frameKey(profile.nodes[4].callFrame)).toBe('(garbage collector)')
  })

  it('sums self time per frame key, over every node of that key', () => {
    expect(rounded(selfTimes(profile))).toEqual({ 'rec src/app.js:10': 3.5, 'main src/app.js:1': 0.45, '(garbage collector)': 0.1, 'leaf src/app.js:20': 0.4 })
    expect(totalMs(profile)).toBeCloseTo(4.45)
  })

  it('counts a recursive frame once per sample in inclusive time', () => {
    expect(rounded(inclusiveTimes(profile))).toEqual({
      '(root)': 4.45,
      'main src/app.js:1': 4.35,
      'rec src/app.js:10': 3.5,
      'other lib/x.js:5': 0.6,
      'leaf src/app.js:20': 0.4,
      '(garbage collector)': 0.1,
    })
  })

  it('merges every call of the matching frames into one tree, depth- and time-limited', () => {
    const full = callTree(profile, /^main /, { depth: 2 })
    expect(full.ms).toBeCloseTo(4.35)
    expect(full.children.map((child) => [child.key, Math.round(child.ms * 100) / 100])).toEqual([['rec src/app.js:10', 3.5], ['leaf src/app.js:20', 0.4]])
    expect(full.children[0].children.map((child) => child.key)).toEqual(['rec src/app.js:10'])
    const pruned = callTree(profile, /^main /, { depth: 1, minMs: 1 })
    expect(pruned.children.map((child) => [child.key, child.children.length])).toEqual([['rec src/app.js:10', 0]])
  })

  it('roots a tree at the outermost of nested matches, and finds none without a match', () => {
    expect(callTree(profile, /^rec /).ms).toBeCloseTo(3.5)
    expect(callTree(profile, /^absent /)).toBeUndefined()
  })

  it('groups each sample by the stack the classifier sees, innermost frame first', () => {
    const stacks = []
    const groups = groupTimes(profile, (stack) => {
      stacks.push(stack.map((entry) => entry.key))
      if (stack[0].key === '(garbage collector)') return 'gc'
      return stack.some((entry) => entry.key.startsWith('other ')) ? 'other' : undefined
    })
    expect(rounded(groups)).toEqual({ rest: 3.75, gc: 0.1, other: 0.6 })
    expect(stacks).toContainEqual(['leaf src/app.js:20', 'main src/app.js:1', 'other lib/x.js:5', '(root)'])
  })
})

describe('where the time goes', () => {
  const at = (functionName, url, line = 1) => ({ key: frameKey({ functionName, url, lineNumber: line - 1 }), callFrame: { functionName, url } })
  const loader = at('run', 'node:internal/modules/esm/module_job', 318)
  const toolcat = (name) => at(name, `file://${repoRoot}/dist/src/analyze/x.js`)
  const typescript = at('getTypeOfSymbol', `file://${repoRoot}/node_modules/typescript/lib/typescript.js`)

  it('counts loader frames as module loading until the program calls its own functions', () => {
    expect(timeGroupOf([at('wrapSafe', 'node:internal/modules/cjs/loader'), at('', `file://${repoRoot}/dist/src/cli/bin.js`), loader])).toMatch(/^module loading/)
    expect(timeGroupOf([typescript, toolcat('runAnalysis'), loader])).toBe('rest')
  })

  it('gives a sample to the innermost named group on its stack', () => {
    const parameters = at('parameters', `file://${repoRoot}/dist/src/schema/index.js`, 14)
    expect(timeGroupOf([typescript, toolcat('walk'), parameters, toolcat('deriveEntry'), loader])).toMatch(/parameter walk/)
    expect(timeGroupOf([at('createSourceFile', 'file:///x/typescript.js'), parameters])).toMatch(/^TypeScript program/)
  })
})

describe.skipIf(!existsSync(cliPath))('bench/profile.mjs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolcat-profile-test-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  const run = (...args) => spawnSync('node', [join(repoRoot, 'bench/profile.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' })

  it('profiles the three runs of a small corpus into a markdown report without absolute paths', () => {
    const out = join(scratch, 'PROFILE.md')
    const result = run('--size', '20', '--out', out, '--profile-dir', join(scratch, 'profiles'))
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    const report = readFileSync(out, 'utf8')
    expect(report.match(/^## \d\. .+$/gm)).toHaveLength(3)
    for (const heading of ['### Where the time goes', '### Top 15 frames by self time', '### Top 25 frames by inclusive time', '### Call trees']) {
      expect(report.split(heading)).toHaveLength(4)
    }
    for (const tree of ['deriveModules', 'deriveEntry', 'standaloneValidator']) expect(report).toMatch(new RegExp(`^[\\d,]+ ms  ${tree}$`, 'm'))
    expect(report).toMatch(/^\| module loading .+ \| [\d,]+ ms \| [\d.]+% \|$/m)
    expect(report).not.toContain(repoRoot)
    expect(report).not.toContain(scratch)
    expect(report).not.toContain('file://')
    expect(readdirSync(join(scratch, 'profiles')).sort()).toEqual(['catalog.cpuprofile', 'first-call.cpuprofile', 'full.cpuprofile'])
  })

  it('rejects a bad size with a one-line message', () => {
    const result = run('--size', 'many', '--out', join(scratch, 'unused.md'))
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe('bench:profile: --size expects an integer in 1..9999, got "many"')
  })
})
