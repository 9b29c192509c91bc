import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { repoRoot } from '../cli/run-cli.js'

// What no SDK client can send: raw lines on the server's stdin, answers read from its stdout.
// Each message a JSON-RPC client could not get right must be answered (or logged) and the server
// must go on reading; it stops only when stdin ends or on a signal, saying which.

interface RawServer {
  readonly child: ChildProcessWithoutNullStreams
  /** The served project (the server's working directory). */
  readonly project: string
  /** Every JSON line the server wrote to stdout so far. */
  readonly messages: Record<string, any>[]
  stderr(): string
  send(line: string): void
  /** Resolves with the first message matching `match`, waiting for it if needed. */
  next(match: (message: Record<string, any>) => boolean): Promise<Record<string, any>>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const folders: string[] = []

async function startRawServer(flags: readonly string[] = []): Promise<RawServer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'toolcat-stdio-'))
  folders.push(folder)
  const project = path.join(folder, 'mcp-host')
  const source = path.join(repoRoot, 'fixtures/mcp-host')
  cpSync(source, project, { recursive: true, filter: (file) => !/^(node_modules|out)\b/.test(path.relative(source, file)) })
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), 'serve', '--mcp', 'tools', ...flags], { cwd: project })
  const messages: Record<string, any>[] = []
  const waiting: { match: (message: Record<string, any>) => boolean; resolve: (message: Record<string, any>) => void }[] = []
  let buffered = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, end)) as Record<string, any>
      buffered = buffered.slice(end + 1)
      messages.push(message)
      for (const waiter of waiting.filter((entry) => entry.match(message))) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(message)
      }
    }
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  const server: RawServer = {
    child,
    project,
    messages,
    stderr: () => stderr,
    send: (line) => child.stdin.write(`${line}\n`),
    next: (match) => new Promise((resolve) => {
      const found = messages.find(match)
      if (found) resolve(found)
      else waiting.push({ match, resolve })
    }),
    exited,
  }
  server.send(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }))
  await server.next((message) => message.id === 'init')
  server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
  return server
}

const byId = (id: unknown) => (message: Record<string, any>) => message.id === id
const call = (id: number | string, name: string, args: object) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('one server, every bad message', () => {
  let server: RawServer
  beforeAll(async () => {
    server = await startRawServer()
  })
  afterAll(() => {
    server?.child.kill('SIGKILL')
  })

  test('a line that is not JSON is a Parse error without an id, logged; the next request is answered', async () => {
    server.send('this is { not json')
    const error = await server.next((message) => message.error?.code === -32700)
    expect(error).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringMatching(/^Parse error: /) } })
    expect((await (server.send(call(1, 'ping', {})), server.next(byId(1)))).result.structuredContent).toEqual({ result: 'pong' })
    expect(server.stderr()).toMatch(/toolcat: a message that is not JSON was answered with a parse error/)
  })

  test('JSON that is not JSON-RPC is an Invalid Request, answered to its id when it has one', async () => {
    server.send('{"hello":"world","id":9}')
    expect(await server.next(byId(9))).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } })
    server.send('[1, 2, 3]')
    await server.next((message) => message.error?.code === -32600 && !('id' in message))
  })

  test('an unknown method is Method not found; an unknown tool is InvalidParams', async () => {
    server.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/explode' }))
    expect((await server.next(byId(2))).error).toMatchObject({ code: -32601 })
    server.send(call(3, 'no_such_tool', {}))
    expect((await server.next(byId(3))).error).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: no_such_tool') })
  })

  test('an oversized request whose id comes after 16 MB of params is answered to that id', async () => {
    const text = 'z'.repeat(16 * 1024 * 1024)
    server.send(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"tag","arguments":{"text":"${text}","nested":{"id":"not this one"}}},"id":"late-id"}`)
    const refused = await server.next(byId('late-id'))
    expect(refused.error).toMatchObject({ code: -32600, message: expect.stringContaining('tools/call request of') })
  })

  test('an oversized notification gets no answer (it has no id) but a log line; the server reads on', async () => {
    server.send(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"junk":"${'q'.repeat(9 * 1024 * 1024)}"}}`)
    server.send(call(4, 'tag', { text: 'after the flood' }))
    expect((await server.next(byId(4))).result.structuredContent).toEqual({ text: 'after the flood' })
    expect(server.stderr()).toMatch(/toolcat: refused: notifications\/progress notification of \d+ bytes/)
  })

  test('200 requests written at once are answered each under its own id', async () => {
    const ids = Array.from({ length: 200 }, (_, index) => 1000 + index)
    server.send(ids.map((id) => call(id, 'tag', { text: `t${id}`, delayMs: (id * 13) % 40 })).join('\n'))
    const answers = await Promise.all(ids.map((id) => server.next(byId(id))))
    expect(answers.map((answer) => answer.result.structuredContent.text)).toEqual(ids.map((id) => `t${id}`))
    // Out of order on the wire, as the delays make them finish.
    const order = server.messages.filter((message) => typeof message.id === 'number' && message.id >= 1000).map((message) => message.id)
    expect(order).not.toEqual(ids)
    expect([...order].sort((a, b) => a - b)).toEqual(ids)
  })

  test('a tool that leaves a throwing timer and a rejected promise behind does not take the server down', async () => {
    server.send(call(5, 'stray', {}))
    expect((await server.next(byId(5))).result.structuredContent).toEqual({ result: 'answered' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    server.send(call(6, 'ping', {}))
    expect((await server.next(byId(6))).result.structuredContent).toEqual({ result: 'pong' })
    expect(server.stderr()).toContain('toolcat: a tool failed outside its call, still serving: stray timer')
    expect(server.stderr()).toContain('toolcat: a tool failed outside its call, still serving: stray rejection')
  })

  test('nothing but JSON-RPC ever reached stdout', () => {
    for (const message of server.messages) expect(message.jsonrpc).toBe('2.0')
  })
})

test('--max-request-bytes, --max-argument-bytes and --max-argument-depth set the limits; on SIGINT the server says so and exits 130', async () => {
  const server = await startRawServer(['--max-request-bytes', '4096', '--max-argument-bytes', '1000', '--max-argument-depth', '3'])
  server.send(call(1, 'tag', { text: 'r'.repeat(5000) }))
  expect((await server.next(byId(1))).error).toEqual({ code: -32600, message: expect.stringMatching(/of \d+ bytes is larger than the server accepts \(4096 bytes, --max-request-bytes\)/) })
  server.send(call(2, 'tag', { text: 'a'.repeat(2000) }))
  expect((await server.next(byId(2))).result).toEqual({ isError: true, content: [{ type: 'text', text: 'arguments larger than 1000 bytes' }] })
  server.send(call(3, 'tag', { text: 'deep', extra: { a: { b: { c: 1 } } } }))
  expect((await server.next(byId(3))).result).toEqual({ isError: true, content: [{ type: 'text', text: 'arguments nested deeper than 3 levels' }] })
  server.child.kill('SIGINT')
  expect(await server.exited).toEqual({ code: 130, signal: null })
  expect(server.stderr()).toContain('toolcat: received SIGINT, stopping')
})

test('on SIGTERM the server aborts the running call, says so and exits 143', async () => {
  const server = await startRawServer()
  const [signal, status] = ['SIGTERM', 143] as const
  server.send(call(1, 'slow', { ms: 60_000, label: 'signalled' }))
  await new Promise((resolve) => setTimeout(resolve, 300))
  server.child.kill(signal)
  expect(await server.exited).toEqual({ code: status, signal: null })
  expect(server.stderr()).toContain(`toolcat: received ${signal}, stopping`)
  expect(readFileSync(path.join(server.project, 'calls.log'), 'utf8')).toBe('start signalled\naborted signalled\n')
  expect(server.stderr()).not.toMatch(/\n\s+at /)
})
