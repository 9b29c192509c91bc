import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bin, builtProject } from './mcp-served.js'

// `serve --mcp <outDir>` over stdio, driven by raw lines: what it loads, what it says at start,
// and how it bounds the requests in flight.
let built: ReturnType<typeof builtProject>
beforeAll(() => {
  built = builtProject()
}, 60_000)
afterAll(() => built?.remove())

/** Runs `serve` with `lines` on stdin, kept open until every id in `waitFor` is answered; returns what it wrote. */
function serve(args: readonly string[], lines: readonly object[], waitFor: readonly (string | number)[], env: NodeJS.ProcessEnv = {}, nodeArgs: readonly string[] = [], stderrUntil = /(?:)/): Promise<{ messages: any[]; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', ...args], { cwd: built.project, env: { ...process.env, ...env } })
  const messages: any[] = []
  let stderr = ''
  let buffered = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to all of ${waitFor.join(', ')}: ${stderr}`)), 30_000)
    let done = false
    const check = () => {
      if (done || !stderrUntil.test(stderr) || !waitFor.every((id) => messages.some((message) => message.id === id))) return
      done = true
      clearTimeout(timer)
      child.kill('SIGTERM')
      child.on('exit', () => resolve({ messages, stderr }))
    }
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      check()
    })
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        messages.push(JSON.parse(buffered.slice(0, end)))
        buffered = buffered.slice(end + 1)
      }
      check()
    })
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`)
  })
}

const init = { jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }
const call = (id: string | number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })

describe('serving a build', () => {
  test('loads no TypeScript, no checker, no compiler, no ajv and no analysis: only the CLI, the MCP core and the generated registry', async () => {
    const folder = built.project
    writeFileSync(path.join(folder, 'hooks.mjs'), `import { appendFileSync } from 'node:fs'\nexport async function resolve(specifier, context, next) {\n  const result = await next(specifier, context)\n  appendFileSync(process.env.LOADED_LOG, result.url + '\\n')\n  return result\n}\n`)
    writeFileSync(path.join(folder, 'register.mjs'), `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(path.join(folder, 'hooks.mjs')).href)})\n`)
    const log = path.join(folder, 'loaded.log')
    const { messages, stderr } = await serve(['--mcp', 'out'], [init, { jsonrpc: '2.0', id: 'list', method: 'tools/list' }, call('call', 'echo', { text: 'a' })], ['list', 'call'], { LOADED_LOG: log }, ['--import', './register.mjs'])
    expect(messages.find((message) => message.id === 'call').result.structuredContent).toEqual({ text: 'a' })
    expect(stderr).toContain('toolcat: serving 5 tools over MCP (stdio); from the build in out')
    const loaded = readFileSync(log, 'utf8').split('\n').filter(Boolean)
    expect(loaded.some((url) => url.endsWith('/out/registry.js'))).toBe(true)
    expect(loaded.some((url) => url.endsWith('/dist/src/interop/mcp/core.js'))).toBe(true)
    const heavy = loaded.filter((url) => /\/node_modules\/(ts-morph|typescript|typescript6|@ts-morph|esbuild|ajv|ajv-formats|@modelcontextprotocol)\/|\/dist\/src\/(analyze\/(?!backend\.js|package-info\.js)|schema\/|emit\/|backends\/)/.test(url))
    expect(heavy).toEqual([])
  })

  test('serving a sources folder says it is development mode', async () => {
    const { stderr } = await serve(['--mcp', 'tools'], [init], ['init'])
    expect(stderr).toMatch(/serving 5 tools over MCP \(stdio\); from the sources in tools \(development: analysed at every start/)
  })
})

describe('requests in flight', () => {
  test('an id already in flight is refused with a JSON-RPC error; the first call stays cancellable', async () => {
    const { messages } = await serve(['--mcp', 'out'], [init, call(7, 'wait', { ms: 60_000 }), call(7, 'echo', { text: 'same id' }), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }, call(8, 'echo', { text: 'after' })], [7, 8], {}, [], /tools\/call 7 \(wait\) was cancelled/)
    const sevens = messages.filter((message) => message.id === 7)
    expect(sevens).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'request id 7 is already in flight: a new request needs an id of its own' } }])
    expect(messages.find((message) => message.id === 8).result.structuredContent).toEqual({ text: 'after' })
  })

  test('--max-in-flight bounds the calls running at once: the excess is answered with an error at once', async () => {
    const { messages } = await serve(['--mcp', 'out', '--max-in-flight', '2'], [init, call(1, 'wait', { ms: 60_000 }), call(2, 'wait', { ms: 60_000 }), call(3, 'echo', { text: 'third' })], [3])
    expect(messages.find((message) => message.id === 3)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'too many requests in flight (2, --max-in-flight): try again when one has been answered' } })
  })

  test('a confirmation nobody answers holds the call (no timeout says yes) until the client cancels it', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--mcp', 'out'], { cwd: built.project })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition(); waited += 25) {
        if (waited > 20_000) throw new Error(`timed out: ${stdout} ${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
    try {
      const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`)
      send({ ...init, params: { ...init.params, capabilities: { elicitation: {} } } })
      send(call(20, 'transfer', { to: 'ACC-1', amount: 5 }))
      await until(() => stdout.includes('"method":"elicitation/create"'))
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(stdout).not.toContain('"id":20')
      send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 20, reason: 'the person walked away' } })
      await until(() => /tools\/call 20 \(transfer\) was cancelled/.test(stderr))
      expect(stdout).not.toContain('sent 5')
    } finally {
      child.kill('SIGTERM')
    }
  })
})
