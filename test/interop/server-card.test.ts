import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMcpHandler, serverCard, serverCardSchemaId, type McpRegistry } from '../../src/interop/mcp/index.js'
import { runCli } from '../cli/run-cli.js'
import { builtProject, envelope, postModern, startHttpServer, type HttpServer } from './mcp-served.js'

// SEP-2127's Server Card schema and examples (see server-card/README.md): the oracle for every card toolcat gives.
const here = fileURLToPath(new URL('./server-card/', import.meta.url))
const ajv = new Ajv2020({ allErrors: true, strict: false })
formats.default(ajv)
ajv.addSchema(JSON.parse(readFileSync(path.join(here, 'schema.json'), 'utf8')), 'server-card')
const validate = ajv.compile({ $ref: 'server-card#/$defs/ServerCard' })
const examples = (kind: 'valid' | 'invalid') => readdirSync(path.join(here, 'examples', kind)).map((file) => [file, JSON.parse(readFileSync(path.join(here, 'examples', kind, file), 'utf8'))] as const)
const draftHeaders = {
  'content-type': 'application/mcp-server-card+json',
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type',
  'cache-control': 'public, max-age=3600',
}

describe("the draft's schema, as kept here", () => {
  test.each(examples('valid'))('accepts its valid example %s', (_, example) => expect(validate(example), JSON.stringify(validate.errors)).toBe(true))
  test.each(examples('invalid'))('refuses its invalid example %s', (_, example) => expect(validate(example)).toBe(false))
})

test('whatever the server and package say, the card is valid (property)', () => {
  const text = fc.oneof(fc.string({ minLength: 1, maxLength: 160 }), fc.constantFrom('@', '@/', 'a'.repeat(300), 'io.github.a/b'))
  fc.assert(
    fc.property(text, text, fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), (name, version, mcpName, description, title) => {
      const card = serverCard({ name, version }, { ...(mcpName && { name: mcpName }), ...(description && { description }), ...(title && { title }) }, ['http://127.0.0.1:1/mcp'])
      expect(validate(card), JSON.stringify(validate.errors)).toBe(true)
    }),
    { numRuns: Number(process.env.TOOLCAT_FUZZ_RUNS ?? 300) },
  )
})

describe('serve --http', () => {
  let built: ReturnType<typeof builtProject>
  let server: HttpServer
  beforeAll(async () => {
    built = builtProject()
    const manifest = JSON.parse(readFileSync(path.join(built.project, 'package.json'), 'utf8')) as Record<string, unknown>
    writeFileSync(path.join(built.project, 'package.json'), JSON.stringify({ ...manifest, mcpName: 'io.github.acme/served', description: 'Echo, transfer and friends.', repository: 'github:acme/served' }))
    server = await startHttpServer(built.project)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    built?.remove()
  })

  test('answers the Server Card at <endpoint>/server-card before any MCP request, with the headers the draft asks for; it agrees with server/discover', async () => {
    const response = await fetch(`${server.url}/server-card`, { headers: { accept: 'application/mcp-server-card+json', origin: 'https://elsewhere.example' } })
    expect(response.status).toBe(200)
    expect(Object.fromEntries([...response.headers].filter(([name]) => name in draftHeaders))).toEqual(draftHeaders)
    const card = (await response.json()) as Record<string, any>
    expect(validate(card), JSON.stringify(validate.errors)).toBe(true)
    expect(card).toEqual({
      $schema: serverCardSchemaId,
      name: 'io.github.acme/served',
      version: '1.2.3',
      description: 'Echo, transfer and friends.',
      repository: { url: 'https://github.com/acme/served', source: 'github' },
      remotes: [{ type: 'streamable-http', url: server.url, supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] }],
    })
    const preflight = await fetch(`${server.url}/server-card`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    const discover = await postModern(server.url, 1, 'server/discover')
    expect(discover.body.result.supportedVersions).toEqual(card.remotes[0].supportedProtocolVersions)
    expect(discover.body.result.serverInfo).toMatchObject({ name: 'mcp-served-fixture', version: card.version })
  })

  test('export --format server-card writes the same document for static hosting', () => {
    const run = runCli(['export', 'out', '--format', 'server-card', '--remote', server.url], built.project)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    return fetch(`${server.url}/server-card`).then(async (response) => expect(JSON.parse(run.stdout)).toEqual(await response.json()))
  })
})

describe('createMcpHandler', () => {
  const registry: McpRegistry = { definitions: () => [], execute: (async () => ({ id: '1', name: 'x', success: true, value: 1 })) as unknown as McpRegistry['execute'] }

  test('answers the card wherever it is mounted, its endpoint from the request or from serverCard.url; false answers none', async () => {
    const handler = createMcpHandler({ registry, serverInfo: { name: '@acme/tools', version: '2.0.0' }, allowedOrigins: [], authorize: () => false })
    const card = (await (await handler(new Request('https://tools.example.com/api/mcp/server-card'))).json()) as Record<string, any>
    expect(card).toMatchObject({ name: 'local/acme-tools', version: '2.0.0', description: '@acme/tools served by toolcat', remotes: [{ url: 'https://tools.example.com/api/mcp' }] })
    expect(validate(card)).toBe(true)
    const proxied = createMcpHandler({ registry, serverInfo: { name: 'tools', version: '1.0.0' }, serverCard: { name: 'com.example/tools', url: 'https://public.example.com/mcp' } })
    expect(((await (await proxied(new Request('http://10.0.0.5:3000/mcp/server-card'))).json()) as any).remotes[0].url).toBe('https://public.example.com/mcp')
    const none = createMcpHandler({ registry, serverCard: false })
    expect((await none(new Request('http://127.0.0.1/mcp/server-card'))).status).toBe(405)
    // MCP itself is untouched: a POST still needs its checks (here: authorize says no).
    const refused = await handler(new Request('https://tools.example.com/api/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } }) }))
    expect(refused.status).toBe(401)
  })
})
