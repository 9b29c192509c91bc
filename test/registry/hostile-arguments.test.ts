import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runCli } from '../cli/run-cli.js'
import { repoRoot } from './out-dir.js'

// Arguments built to hurt, on every surface a built project has: the registry.js it writes and
// `serve --mcp` over stdio. A pattern that backtracks exponentially in JavaScript answers at once
// (and the server answers other requests meanwhile); numbers that are not finite are refused.

const tool = `import { defineTool } from 'toolcat'

/** List the pages of a book. */
export const listPages = defineTool({
  name: 'list_pages',
  execute(args: {
    /** @integer @minimum 1 */
    page: number
    ratio?: number
    /** @pattern ^(a+)+$ */
    word?: string
  }) {
    return { page: args.page }
  },
})
`

let project = ''
beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'toolcat-hostile-'))
  mkdirSync(path.join(project, 'tools'))
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  writeFileSync(path.join(project, 'package.json'), '{ "name": "hostile", "private": true, "type": "module" }\n')
  writeFileSync(path.join(project, 'tools/pages.ts'), tool)
  const built = runCli(['build', 'tools', '--outDir', 'out'], project)
  expect(built.status, built.stderr).toBe(0)
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

const redos = `${'a'.repeat(30)}!`
const refusals: [string, string][] = [
  ['{"page":1e309}', 'page: type; expected a finite integer; received Infinity (not a finite number)'],
  ['{"page":1,"ratio":-1e400}', 'ratio: type; expected a finite number; received -Infinity (not a finite number)'],
  [`{"page":1,"word":"${redos}"}`, `word: pattern; expected match ^(a+)+$; received "${redos}"`],
]

describe('the built registry.js (precompiled validators)', () => {
  test('refuses Infinity, NaN and the ReDoS string, each with its fault, and runs the call that is fine', () => {
    const script = `
      import { createRegistry } from './out/registry.js'
      const registry = createRegistry()
      const texts = ${JSON.stringify(refusals.map(([args]) => args))}
      const argsList = [...texts.map((text) => JSON.parse(text)), { page: 1, ratio: NaN }, { page: 2, word: 'aaaa' }]
      const results = []
      for (const [index, args] of argsList.entries()) results.push(await registry.execute({ id: String(index), name: 'list_pages', arguments: args }))
      process.stdout.write(JSON.stringify(results.map((result) => result.success ? result.value : result.error)))`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8', timeout: 20_000 })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual([...refusals.map(([, message]) => message), 'ratio: type; expected a finite number; received NaN (not a finite number)', { page: 2 }])
  })
})

describe('serve --mcp over stdio', () => {
  test('answers the ReDoS call with its fault and a tools/list sent meanwhile within 100 ms; refuses numbers that are not finite', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), 'serve', '--mcp', 'tools'], { cwd: project })
    const answers = new Map<unknown, { message: Record<string, any>; at: number }>()
    const waiting = new Map<unknown, () => void>()
    let buffered = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end)) as Record<string, any>
        buffered = buffered.slice(end + 1)
        answers.set(message.id, { message, at: performance.now() })
        waiting.get(message.id)?.()
      }
    })
    const answer = (id: unknown) =>
      new Promise<{ message: Record<string, any>; at: number }>((resolve) => {
        const found = () => resolve(answers.get(id) as { message: Record<string, any>; at: number })
        if (answers.has(id)) found()
        else waiting.set(id, found)
      })
    const send = (line: string) => child.stdin.write(`${line}\n`)
    const call = (id: string, args: string) => `{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{"name":"list_pages","arguments":${args}}}`
    const list = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' })
    const errorText = (message: Record<string, any>) => (message.result?.isError === true ? message.result.content[0].text : JSON.stringify(message))
    try {
      send(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }))
      await answer('init')
      send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
      // Warm: the tool's module imported, its validator loaded, so what follows measures the pattern alone.
      send(call('warm', '{"page":1}'))
      expect((await answer('warm')).message.result.structuredContent).toEqual({ page: 1 })
      send(call('redos', `{"page":1,"word":"${redos}"}`))
      const listSent = performance.now()
      send(list('list'))
      const listed = await answer('list')
      expect(listed.message.result.tools.map((entry: { name: string }) => entry.name)).toEqual(['list_pages'])
      expect(listed.at - listSent).toBeLessThan(100)
      expect(errorText((await answer('redos')).message)).toBe(refusals[2]?.[1])
      for (const [index, [args, message]] of refusals.slice(0, 2).entries()) {
        send(call(`number${index}`, args))
        expect(errorText((await answer(`number${index}`)).message)).toBe(message)
      }
    } finally {
      child.kill('SIGKILL')
    }
  })
})

describe('a pattern no linear-time engine can match', () => {
  test('is a build error at its JSDoc, saying which construct, and nothing is written', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'toolcat-lookahead-'))
    try {
      mkdirSync(path.join(folder, 'tools'))
      mkdirSync(path.join(folder, 'node_modules'))
      symlinkSync(repoRoot, path.join(folder, 'node_modules/toolcat'), 'dir')
      writeFileSync(path.join(folder, 'package.json'), '{ "name": "lookahead", "private": true, "type": "module" }\n')
      writeFileSync(path.join(folder, 'tools/users.ts'), tool.replace('^(a+)+$', '^(?!admin)[a-z]+$'))
      const built = runCli(['build', 'tools', '--outDir', 'out'], folder)
      expect(built.status).not.toBe(0)
      expect(built.stderr).toMatch(/tools[\\/]users\.ts:\d+:\d+.*@pattern cannot be matched in linear time: pattern "\^\(\?!admin\)\[a-z\]\+\$" uses a lookahead/)
      expect(existsSync(path.join(folder, 'out'))).toBe(false)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
