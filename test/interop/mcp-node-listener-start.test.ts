import { spawnSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { createMcpHandler, createNodeListener, type McpRegistry } from '../../src/interop/mcp/index.js'
import { bin } from './mcp-served.js'

// Issue 32, item 3: a non-loopback bind without `allowedHosts` or `allowedOrigins` refuses to
// start, with one line saying what to set — `serve --http` did, `createNodeListener` only refused
// each request. Given the address it listens on, the listener now throws before any server starts.
// (No test here listens beyond 127.0.0.1: the refusal happens before `listen`.)

const registry: McpRegistry = { definitions: () => [], execute: (async () => []) as unknown as McpRegistry['execute'] }
const unguarded = () => createMcpHandler({ registry })

/** What creating the listener does: 'created', or the error's message. */
function creating(make: () => unknown): string {
  try {
    make()
    return 'created'
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

describe('createNodeListener refuses to start on a non-loopback address without allowedHosts or allowedOrigins', () => {
  test.each(['0.0.0.0', '::', '192.0.2.10', 'mcp.example.com', '[2001:db8::1]'])('host %s: throws one line naming allowedHosts and allowedOrigins', (host) => {
    const message = creating(() => createNodeListener(unguarded(), { host }))
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toContain(`refusing to serve on ${host}, which is not loopback`)
    expect(message).toMatch(/set allowedHosts in createMcpHandler .* and allowedOrigins /)
  })

  test.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'])('loopback host %s: starts', (host) => {
    expect(creating(() => createNodeListener(unguarded(), { host }))).toBe('created')
  })

  test('a non-loopback host starts once the handler has allowedHosts or allowedOrigins', () => {
    expect(creating(() => createNodeListener(createMcpHandler({ registry, allowedHosts: ['mcp.example.com:443'] }), { host: '0.0.0.0' }))).toBe('created')
    expect(creating(() => createNodeListener(createMcpHandler({ registry, allowedOrigins: ['https://app.example.com'] }), { host: '::' }))).toBe('created')
  })

  test('a program listening as README shows, but on 0.0.0.0, exits with the line before it would listen; the CLI refuses the same bind at start too', () => {
    const script = `
      import { createServer } from 'node:http'
      import { createMcpHandler, createNodeListener } from 'toolcat/mcp'
      const host = '0.0.0.0'
      const handler = createMcpHandler({ registry: { definitions: () => [], execute: async () => [] } })
      const server = createServer(createNodeListener(handler, { host }))
      // Where README's program calls server.listen(port, host): reached only when the listener was made.
      console.log('LISTENING')
    `
    const library = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })
    expect(library.stdout).not.toContain('LISTENING')
    expect(library.status).not.toBe(0)
    expect(library.stderr).toContain('toolcat/mcp: refusing to serve on 0.0.0.0, which is not loopback, without allowedHosts or allowedOrigins')
    const cli = spawnSync(process.execPath, [bin, 'serve', '--mcp', 'out', '--http', '0.0.0.0:0'], { encoding: 'utf8', timeout: 20_000 })
    expect(cli.status).toBe(2)
    expect(cli.stderr.trim().split('\n')[0]).toMatch(/listens beyond loopback: set --allowed-host .*--allowed-origin/)
  }, 60_000)
})
