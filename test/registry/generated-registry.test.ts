import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import path from 'node:path'
import { generatedProject, generationDir, runInFreshNode } from './out-dir.js'

// Each test runs in a fresh Node process over the registry `writeOutDir` generated from
// fixtures/registry; `imports()` reports how often each tool module was evaluated.
let project = ''
beforeAll(async () => {
  project = await generatedProject()
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

const run = (body: string): unknown => runInFreshNode(project, body)

describe('generated registry in a fresh Node process', () => {
  test('listing definitions imports no tool module', () => {
    const output = run('const registry = createRegistry(); return { names: registry.definitions().map((d) => d.name), count: registry.count, imports: imports() }')
    expect(output).toEqual({ names: ['add', 'countdown', 'delete-file', 'flaky', 'lookup', 'search'], count: 6, imports: {} })
  })

  test('ten concurrent first calls import exactly that tool module, once', () => {
    const output = run(`
      const registry = createRegistry()
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => registry.call('add', { left: i, right: 1 })))
      return { sums: results.map((r) => r.value.sum), imports: imports() }`)
    expect(output).toEqual({ sums: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], imports: { add: 1 } })
  })

  test('arguments are validated (and coerced) before the handler runs', () => {
    const output = run(`
      const registry = createRegistry()
      const duplicates = await registry.call('search', { query: 'tea', filters: [{ field: 'a' }, { field: 'a' }] })
      return [await registry.call('add', { left: 'x', right: 2 }), await registry.call('search', { query: 'tea', extra: true }), duplicates.error]`)
    expect(output).toEqual([
      { id: 'call-2', name: 'add', success: false, error: 'left: type; expected number; received "x"' },
      { id: 'call-3', name: 'search', success: true, value: { query: 'tea', limit: 10, marker: 'HANDLER_MARKER_SEARCH' } },
      // Deep equality of objects comes from ajv's runtime helpers, bundled into the tool's chunk.
      expect.stringMatching(/^filters: uniqueItems/),
    ])
  })

  test('an unknown tool is a failure result', () => {
    const output = run("return createRegistry().execute({ id: 'g', name: 'ghost', arguments: {} })")
    expect(output).toEqual({ id: 'g', name: 'ghost', success: false, error: 'tool not found: ghost' })
  })

  test('a failed import is a failure result and is retried on the next call', () => {
    const output = run(`
      const { renameSync } = await import('node:fs')
      const registry = createRegistry()
      const flaky = 'out/${generationDir(path.join(project, 'out'))}/flaky.js'
      renameSync(flaky, flaky + '.away')
      const first = await registry.call('flaky', {})
      renameSync(flaky + '.away', flaky)
      const second = await registry.call('flaky', {})
      return { first: first.success, reason: first.error.includes('flaky.js'), second, imports: imports() }`)
    expect(output).toEqual({ first: false, reason: true, second: { id: 'call-2', name: 'flaky', success: true, value: 'ok' }, imports: { flaky: 1 } })
  })

  test('an abort before the import settles fails the call', () => {
    const output = run(`
      const controller = new AbortController()
      const pending = createRegistry().execute({ id: 'a', name: 'add', arguments: { left: 1, right: 2 } }, { signal: controller.signal })
      controller.abort('request ended')
      return pending`)
    expect(output).toEqual({ id: 'a', name: 'add', success: false, error: 'request ended' })
  })

  test('a declaration-only tool fails without a host handler and runs, validated, with one', () => {
    const output = run(`
      const bare = await createRegistry().call('lookup', { word: 'tea' })
      const hosted = createRegistry({ handlers: { lookup: (args) => args.word.toUpperCase() } })
      return [bare, await hosted.call('lookup', { word: 'tea' }), await hosted.call('lookup', { word: 42 }), imports()]`)
    expect(output).toEqual([
      { id: 'call-1', name: 'lookup', success: false, error: 'tool has no handler: lookup' },
      { id: 'call-1', name: 'lookup', success: true, value: 'TEA' },
      { id: 'call-2', name: 'lookup', success: false, error: 'word: type; expected string; received 42' },
      {},
    ])
  })

  test('a consequential tool runs only after the confirm hook answers true', () => {
    const output = run(`
      const registry = createRegistry()
      const args = { path: 'notes.txt' }
      const missing = await registry.call('delete-file', args)
      const denied = await registry.call('delete-file', args, { signal: new AbortController().signal, confirm: () => false })
      const importsBefore = imports()
      const approved = await registry.call('delete-file', args, { signal: new AbortController().signal, confirm: async () => true })
      return [missing.error, denied.error, importsBefore, approved.value, imports()]`)
    // The module is imported before confirmation, once: its precompiled validator checks the arguments first.
    expect(output).toEqual(['confirmation required: delete-file', 'confirmation denied: delete-file', { 'delete-file': 1 }, 'deleted notes.txt', { 'delete-file': 1 }])
  })

  test('a streaming tool yields its chunks, then the result', () => {
    const output = run(`
      const parts = []
      for await (const part of createRegistry().stream({ id: 's', name: 'countdown', arguments: { from: 3 } })) parts.push(part)
      return parts`)
    expect(output).toEqual([
      { type: 'chunk', value: 3 },
      { type: 'chunk', value: 2 },
      { type: 'chunk', value: 1 },
      { type: 'result', result: { id: 's', name: 'countdown', success: true, value: [3, 2, 1] } },
    ])
  })
})

describe('generated registry with runtime-compiled validators', () => {
  test('validates the same way as precompiled validators', async () => {
    const runtime = await generatedProject('runtime')
    try {
      const output = runInFreshNode(runtime, `
        const registry = createRegistry()
        return [await registry.call('add', { left: 'x', right: 2 }), (await registry.call('add', { left: '1', right: 2 })).value.sum]`)
      expect(output).toEqual([{ id: 'call-1', name: 'add', success: false, error: 'left: type; expected number; received "x"' }, 3])
    } finally {
      rmSync(runtime, { recursive: true, force: true })
    }
  })
})
