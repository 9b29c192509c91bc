import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client as Client2, StreamableHTTPClientTransport as HttpTransport2 } from '@modelcontextprotocol/client'
import { StdioClientTransport as StdioTransport2 } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { Ajv } from 'ajv'
import formats from 'ajv-formats'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { commandOf } from '../interop/server-json-command.js'
import { repoRoot } from './run-cli.js'

// A tool package as users get it: weather-pack built (`toolcat build --outDir lib/server` writes
// its bin) and packed, installed with the packed toolcat in a fresh folder, then started exactly as
// its server.json says (`npx --yes weather-pack …`), offline, by both SDK lines' clients.
const scratch = mkdtempSync(path.join(tmpdir(), 'toolcat-npx-'))
const source = path.join(scratch, 'weather-pack')
const fresh = path.join(scratch, 'fresh')
let command: string[] = []
let described: Record<string, unknown> = {}
const clients: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  rmSync(scratch, { recursive: true, force: true })
})

const npm = (args: string[], cwd: string): string => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
const pack = (cwd: string): string => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], cwd)) as { filename: string }[]
  if (packed === undefined) throw new Error(`npm pack reported no tarball in ${cwd}`)
  return path.join(scratch, packed.filename)
}
/** npx offline: the package comes from the local install, never from a registry. */
const offline = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' } as Record<string, string>

/** A fenced block of README.md that follows `<!-- readme-example: <name> -->`, exactly as written. */
function readmeBlock(name: string): string {
  const block = new RegExp(`<!-- readme-example: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'))?.[1]
  if (block === undefined) throw new Error(`README.md has no block named ${name}`)
  return block
}

beforeAll(() => {
  cpSync(path.join(repoRoot, 'fixtures/deps/weather-pack'), source, { recursive: true })
  mkdirSync(path.join(source, 'node_modules'))
  symlinkSync(repoRoot, path.join(source, 'node_modules/toolcat'), 'dir')
  // README's package.json fields over the fixture's, then README's two commands, as written.
  const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as Record<string, unknown>
  writeFileSync(path.join(source, 'package.json'), JSON.stringify({ ...manifest, ...(JSON.parse(readmeBlock('registry-package')) as Record<string, unknown>) }))
  const bin = mkdtempSync(path.join(scratch, 'bin-'))
  writeFileSync(path.join(bin, 'toolcat'), `#!/bin/sh\nexec "${process.execPath}" "${path.join(repoRoot, 'dist/src/cli/bin.js')}" "$@"\n`, { mode: 0o755 })
  execFileSync('sh', ['-c', readmeBlock('registry-build')], { cwd: source, env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` }, stdio: ['ignore', 'pipe', 'pipe'] })
  described = JSON.parse(readFileSync(path.join(source, 'server.json'), 'utf8')) as Record<string, unknown>
  command = commandOf(described)
  const tarballs = [pack(repoRoot), pack(source)]
  mkdirSync(fresh)
  writeFileSync(path.join(fresh, 'package.json'), JSON.stringify({ name: 'fresh', private: true }))
  npm(['install', '--no-audit', '--no-fund', ...tarballs], fresh)
}, 300_000)

test('server.json is valid for the registry and describes npx --yes weather-pack', () => {
  const ajv = new Ajv({ strict: false })
  formats.default(ajv)
  const validate = ajv.compile(JSON.parse(readFileSync(path.join(repoRoot, 'test/interop/server-json/2025-12-11.json'), 'utf8')))
  expect(validate(described), JSON.stringify(validate.errors)).toBe(true)
  expect(command).toEqual(['npx', '--yes', 'weather-pack', '--confirm', 'ask'])
})

test('SDK 1 client over stdio: the command lists and calls the package\'s tools', async () => {
  const client = new Client({ name: 'npx-sdk1', version: '1.0.0' })
  clients.push(client)
  const [runtime, ...args] = command
  await client.connect(new StdioClientTransport({ command: runtime as string, args, cwd: fresh, env: offline, stderr: 'ignore' }))
  expect(client.getServerVersion()).toMatchObject({ name: 'weather-pack', version: '1.2.0' })
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast', 'weather_alerts'])
  expect((await client.callTool({ name: 'forecast', arguments: { city: 'Lyon', days: 2 } })).structuredContent).toEqual({ city: 'Lyon', highs: [20, 21] })
}, 60_000)

test('SDK 2 client over stdio (2026-07-28): the same command serves it', async () => {
  const client = new Client2({ name: 'npx-sdk2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
  clients.push(client)
  const [runtime, ...args] = command
  await client.connect(new StdioTransport2({ command: runtime as string, args, cwd: fresh, env: offline, stderr: 'ignore' }))
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast', 'weather_alerts'])
  expect((await client.callTool({ name: 'weather_alerts', arguments: { region: 'Alps' } })).structuredContent).toEqual({ result: ['no alerts for Alps'] })
}, 60_000)

test('--http and --search: npx weather-pack serves Streamable HTTP, listing tool_search and call_tool', async () => {
  const child = spawn('npx', ['--yes', 'weather-pack', '--http', '127.0.0.1:0', '--search'], { cwd: fresh, env: offline, stdio: ['ignore', 'ignore', 'pipe'], detached: true })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        const match = /at (http:\/\/\S+\/mcp)/.exec(stderr)
        if (match !== null) resolve(match[1] as string)
      })
      child.on('exit', (code) => reject(new Error(`npx weather-pack exited with ${code}: ${stderr}`)))
    })
    const client = new Client2({ name: 'npx-sdk2-http', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
    clients.push(client)
    await client.connect(new HttpTransport2(new URL(url)))
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['tool_search', 'call_tool'])
    const called = await client.callTool({ name: 'call_tool', arguments: { name: 'forecast', arguments: { city: 'Oslo', days: 1 } } })
    expect(called.isError).toBeFalsy()
    expect(JSON.stringify(called.content)).toContain('Oslo')
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
  }
}, 60_000)

test('the bin refuses --mcp (it serves its own build) and says how to use it', () => {
  const bin = path.join(fresh, 'node_modules/.bin/weather-pack')
  expect(execFileSync(bin, ['--help'], { encoding: 'utf8' })).toMatch(/^Usage: npx <package> \[--http \[host:\]port\] \[--confirm ask\|allow\|deny\] \[--search\]/)
  const refused = (() => {
    try {
      execFileSync(bin, ['--mcp', 'elsewhere'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    } catch (error) {
      return error as { status: number; stderr: string }
    }
  })()
  expect(refused).toMatchObject({ status: 2, stderr: "toolcat: this server serves its own package's build; --mcp is not taken\n" })
})
