import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readmeBlock } from '../plugin/helpers/readme-block.js'
import { builtProject, envelope, startHttpServer } from './mcp-served.js'

// README's two `toolcat/mcp` examples, exactly as written, in a project with a build in out/.
let built: ReturnType<typeof builtProject>
let child: ChildProcess | undefined

beforeAll(() => {
  built = builtProject()
}, 60_000)
afterAll(() => {
  child?.kill()
  built?.remove()
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function until<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt()
    } catch (error) {
      if (tries > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

test('the Node example serves the build over Streamable HTTP to the SDK client holding the token, and refuses one without it', async () => {
  writeFileSync(path.join(built.project, 'server.mjs'), readmeBlock('mcp-node'))
  const port = await freePort()
  child = spawn(process.execPath, ['server.mjs'], { cwd: built.project, env: { ...process.env, PORT: String(port), MCP_TOKEN: 'secret-1' }, stdio: 'inherit' })
  const url = new URL(`http://127.0.0.1:${port}/mcp`)
  const refused = await until(() => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }))
  expect(refused.status).toBe(401)
  expect(refused.headers.get('www-authenticate')).toBe('Bearer')
  const client = new Client({ name: 'readme', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: 'Bearer secret-1' } } }))
  expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('echo')
  expect((await client.callTool({ name: 'echo', arguments: { text: 'from the README' } })).structuredContent).toEqual({ text: 'from the README' })
  await client.close()
})

test('the Node example fails closed: with MCP_TOKEN unset it refuses to start, so `Bearer undefined` opens nothing', async () => {
  writeFileSync(path.join(built.project, 'server.mjs'), readmeBlock('mcp-node'))
  const port = await freePort()
  const { MCP_TOKEN: _unset, ...env } = process.env
  const run = spawnSync(process.execPath, ['server.mjs'], { cwd: built.project, env: { ...env, PORT: String(port) }, encoding: 'utf8', timeout: 20_000 })
  expect(run.status).not.toBe(0)
  expect(run.stderr).toContain('set MCP_TOKEN')
  const reached = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer undefined' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }).then(
    (response) => response.status,
    () => 'refused',
  )
  expect(reached).toBe('refused')
})

test('the Worker example, bundled into one file, answers fetch requests: listing, call, foreign origin', async () => {
  writeFileSync(path.join(built.project, 'worker.mjs'), readmeBlock('mcp-worker'))
  const outfile = path.join(built.project, 'dist/worker.js')
  await build({ entryPoints: [path.join(built.project, 'worker.mjs')], outfile, bundle: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], logLevel: 'silent' })
  const worker = (await import(pathToFileURL(outfile).href)) as { default: { fetch(request: Request): Promise<Response> } }
  const post = (method: string, params: Record<string, unknown>, origin?: string) =>
    worker.default.fetch(
      new Request('https://tools.example.com/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}), ...(origin === undefined ? {} : { origin }) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope() } }),
      }),
    )
  const list = (await (await post('tools/list', {})).json()) as { result: { tools: { name: string }[]; cacheScope: string } }
  expect(list.result.tools.map((tool) => tool.name)).toContain('echo')
  expect(list.result.cacheScope).toBe('public')
  const call = (await (await post('tools/call', { name: 'echo', arguments: { text: 'edge' } }, 'https://app.example.com')).json()) as { result: unknown }
  expect(call.result).toMatchObject({ resultType: 'complete', structuredContent: { text: 'edge' } })
  expect((await post('tools/list', {}, 'https://evil.example.com')).status).toBe(403)
})

// A user talking to `serve --http` with curl had to guess the 2026-07-28 `_meta` keys and headers:
// README's curl block, run by bash as written (only the port is the test's), against a served build
// of the README's own tools.
test('the curl block calls the weather tool of a served build over the 2026-07-28 revision', async () => {
  const basic = builtProject('basic')
  const server = await startHttpServer(basic.project)
  try {
    const script = readmeBlock('mcp-curl').replace('http://127.0.0.1:8080/mcp', server.url)
    expect(script).toContain(server.url)
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: expect.objectContaining({ resultType: 'complete', structuredContent: { city: 'Lyon, FR', units: 'metric', temperature: 18, conditions: 'cloudy' } }),
    })
  } finally {
    await server.stop()
    basic.remove()
  }
}, 60_000)
