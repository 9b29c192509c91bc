import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Client as Client2, StreamableHTTPClientTransport as HttpTransport2 } from '@modelcontextprotocol/client'
import { StdioClientTransport as StdioTransport2 } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { spawn, spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projectWith } from '../cli/project.js'
import { repoRoot } from '../cli/run-cli.js'
import { bin, startHttpServer, type HttpServer } from './mcp-served.js'

// A streaming tool over MCP: with a progress token, each chunk reaches the client as it is yielded
// (a progress notification), before the generator ends; cancelling stops the generator (its
// finally block, run by return(), leaves a file). Both SDK lines, stdio and Streamable HTTP.
const tools = `import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineTool } from 'toolcat'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Yields "first", waits until <dir>/<id>.release exists, then yields "second" and "third", a pause
 * after each: the SDK clients drop a progress notification read together with the call's result.
 */
export const gated = defineTool({
  async *execute(args: { dir: string; id: string }): AsyncIterable<string> {
    yield 'first'
    for (let waited = 0; !existsSync(join(args.dir, args.id + '.release')); waited += 20) {
      if (waited > 20000) throw new Error('never released')
      await pause(20)
    }
    yield 'second'
    await pause(100)
    yield 'third'
    await pause(100)
  },
})

/** Ticks every 50 ms, 400 times at most; its end is written to <dir>/<id>.returned. */
export const ticker = defineTool({
  async *execute(args: { dir: string; id: string }): AsyncIterable<{ tick: number }> {
    try {
      for (let tick = 1; tick <= 400; tick++) {
        yield { tick }
        await pause(50)
      }
    } finally {
      writeFileSync(join(args.dir, args.id + '.returned'), 'returned')
    }
  },
})
`

let project: string
let marks: string
let server: HttpServer
const clients: { close(): Promise<void> }[] = []
beforeAll(async () => {
  project = projectWith({
    'package.json': '{ "name": "streaming", "version": "1.0.0", "type": "module" }\n',
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] }, include: ['tools'] }),
    'tools/streams.ts': tools,
  })
  marks = path.join(project, 'marks')
  mkdirSync(marks)
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  // The tool modules import node:fs: its types come from this checkout's @types/node.
  mkdirSync(path.join(project, 'node_modules/@types'))
  symlinkSync(path.join(repoRoot, 'node_modules/@types/node'), path.join(project, 'node_modules/@types/node'), 'dir')
  const build = spawnSync(process.execPath, [bin, 'build', 'tools', '--outDir', 'out', '--no-cache'], { cwd: project, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(build.stderr)
  server = await startHttpServer(project)
}, 60_000)
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  await server?.stop()
})

interface Progress {
  readonly progress: number
  readonly message?: string
  readonly _meta?: Record<string, unknown>
}
type Caller = (name: string, args: Record<string, unknown>, options: { onprogress: (progress: Progress) => void; signal?: AbortSignal }) => Promise<{ content?: unknown; structuredContent?: unknown }>

const stdioArgs = { command: process.execPath, args: [bin, 'serve', '--mcp', 'out'], stderr: 'ignore' as const }
const connections: Record<string, () => Promise<Caller>> = {
  'SDK 1, stdio (2025-11-25)': async () => {
    const client = new Client({ name: 'stream-sdk1-stdio', version: '1.0.0' })
    clients.push(client)
    await client.connect(new StdioClientTransport({ ...stdioArgs, cwd: project }))
    return (name, args, options) => client.callTool({ name, arguments: args }, undefined, options) as ReturnType<Caller>
  },
  'SDK 1, Streamable HTTP (2025-11-25, SSE)': async () => {
    const client = new Client({ name: 'stream-sdk1-http', version: '1.0.0' })
    clients.push(client)
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    return (name, args, options) => client.callTool({ name, arguments: args }, undefined, options) as ReturnType<Caller>
  },
  'SDK 2, stdio (2026-07-28)': async () => {
    const client = new Client2({ name: 'stream-sdk2-stdio', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    await client.connect(new StdioTransport2({ ...stdioArgs, cwd: project }))
    return (name, args, options) => client.callTool({ name, arguments: args }, options) as ReturnType<Caller>
  },
  'SDK 2, Streamable HTTP (2026-07-28, SSE)': async () => {
    const client = new Client2({ name: 'stream-sdk2-http', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    await client.connect(new HttpTransport2(new URL(server.url)))
    return (name, args, options) => client.callTool({ name, arguments: args }, options) as ReturnType<Caller>
  },
}

const until = async (done: () => boolean, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) if (done()) return true
  return done()
}

describe.each(Object.keys(connections))('%s', (connection) => {
  const id = connection.replace(/\W+/g, '-')

  test('each chunk arrives as a progress notification as it is yielded, the first before the generator ends; the result is as without progress', async () => {
    const call = await (connections[connection] as () => Promise<Caller>)()
    const seen: Progress[] = []
    const result = await call('gated', { dir: marks, id }, {
      onprogress: (progress) => {
        seen.push(progress)
        // Only now can the generator go on: the first chunk reached the client before it ended.
        if (progress.progress === 1) writeFileSync(path.join(marks, `${id}.release`), '')
      },
    })
    const expected = [
      { progress: 1, message: 'first', chunk: 'first' },
      { progress: 2, message: 'second', chunk: 'second' },
      { progress: 3, message: 'third', chunk: 'third' },
    ]
    // The SDK clients drop a notification read in the same chunk as the result (a busy machine can
    // make it so for the last ones); every one they pass on is in order, and the first always is.
    // The raw-protocol tests below see all three.
    const received = seen.map(({ progress, message, _meta }) => ({ progress, message, chunk: _meta?.['toolcat/chunk'] }))
    expect(received.length).toBeGreaterThanOrEqual(1)
    expect(received).toEqual(expected.slice(0, received.length))
    // As without a progress token: the chunks collected (a streaming tool declares no output schema for the whole).
    expect(result.content).toEqual([{ type: 'text', text: '["first","second","third"]' }])
  }, 30_000)

  test('cancelling the call stops the generator: its return() runs', async () => {
    const call = await (connections[connection] as () => Promise<Caller>)()
    const controller = new AbortController()
    let ticks = 0
    const outcome = await call('ticker', { dir: marks, id }, {
      signal: controller.signal,
      onprogress: (progress) => {
        ticks = progress.progress
        if (progress.progress === 2) controller.abort(new Error('enough'))
      },
    }).catch((error: Error) => error)
    expect(outcome).toBeInstanceOf(Error)
    expect(await until(() => existsSync(path.join(marks, `${id}.returned`)), 5_000)).toBe(true)
    expect(ticks).toBeLessThan(10)
  }, 30_000)
})

describe('on the wire', () => {
  const call = (id: number, key: string, meta: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'gated', arguments: { dir: marks, id: key }, _meta: meta } })
  const progressOf = (messages: { method?: string; params?: Record<string, unknown> }[]) => messages.filter((message) => message.method === 'notifications/progress').map((message) => message.params)
  const expected = (token: string | number) =>
    ['first', 'second', 'third'].map((chunk, index) => ({ progressToken: token, progress: index + 1, message: chunk, _meta: { 'toolcat/chunk': chunk } }))

  test('stdio: three progress notifications, then the result; without a token, the result alone', async () => {
    writeFileSync(path.join(marks, 'wire-stdio.release'), '')
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      call(2, 'wire-stdio', { progressToken: 'p-2' }),
    ]
    lines.push(call(3, 'wire-stdio', {}))
    const child = spawn(process.execPath, [bin, 'serve', '--mcp', 'out'], { cwd: project, stdio: ['pipe', 'pipe', 'ignore'] })
    let out = ''
    const messages = await new Promise<{ id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> }[]>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const parsed = out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id?: number })
        // Both calls answered: stdin may end.
        if (parsed.some((message) => message.id === 2) && parsed.some((message) => message.id === 3)) resolve(parsed)
      })
      child.stdin.write(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`)
    })
    child.stdin.end()
    const first = messages.filter((message) => message.id === 2 || message.params?.progressToken === 'p-2')
    expect(progressOf(first)).toEqual(expected('p-2'))
    expect(first.at(-1)).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: '["first","second","third"]' }] } })
    expect(progressOf(messages)).toHaveLength(3)
    expect(messages.find((message) => message.id === 3)).toEqual(first.at(-1) && { ...first.at(-1), id: 3 })
  }, 30_000)

  test('Streamable HTTP, 2026-07-28: an SSE stream of the notifications, then the result; without a token, plain JSON', async () => {
    writeFileSync(path.join(marks, 'wire-http.release'), '')
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'gated' }
    const streamed = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(call(3, 'wire-http', { ...envelope, progressToken: 3 })) })
    expect(streamed.headers.get('content-type')).toBe('text/event-stream')
    const events = (await streamed.text()).split('\n\n').filter(Boolean).map((event) => JSON.parse(/^data: (.*)$/m.exec(event)?.[1] ?? 'null') as { id?: number; method?: string; params?: Record<string, unknown> })
    expect(progressOf(events)).toEqual(expected(3))
    expect(events.at(-1)).toMatchObject({ id: 3, result: { resultType: 'complete', content: [{ type: 'text', text: '["first","second","third"]' }] } })
    const plain = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(call(4, 'wire-http', envelope)) })
    expect(plain.headers.get('content-type')).toBe('application/json')
    expect(((await plain.json()) as { result: unknown }).result).toMatchObject({ content: [{ type: 'text', text: '["first","second","third"]' }] })
  }, 30_000)
})
