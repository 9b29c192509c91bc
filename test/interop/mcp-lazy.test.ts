import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { listAllTools, startMcpSession, type McpSession } from './mcp-session.js'

// fixtures/mcp: `echo` imports a helper whose top level appends to imports.log in the working
// directory, so the log tells when (and how often) the server imported the tool's module.
let session: McpSession
const importLog = (): string | undefined => {
  const file = path.join(session.project, 'imports.log')
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

beforeAll(async () => {
  session = await startMcpSession('mcp', ['--confirm=allow', '--page-size=1'])
})
afterAll(() => session?.close())

test('listing imports no tool module; the first call imports it, once', async () => {
  const { tools, pages } = await listAllTools(session.client)
  expect(tools.map((tool) => tool.name)).toEqual(['delete_note', 'echo'])
  expect(pages).toEqual([1, 1])
  expect(importLog()).toBeUndefined()

  const first = await session.client.callTool({ name: 'echo', arguments: { text: 'hi' } })
  expect(first.structuredContent).toEqual({ text: 'hi', imports: 1 })
  expect(importLog()).toBe('echo\n')

  const second = await session.client.callTool({ name: 'echo', arguments: { text: 'again' } })
  expect(second.structuredContent).toEqual({ text: 'again', imports: 1 })
})

test('--confirm=allow lets a consequential tool run', async () => {
  const result = await session.client.callTool({ name: 'delete_note', arguments: { id: 'n-7' } })
  expect(result).toEqual({ content: [{ type: 'text', text: '"deleted n-7"' }], structuredContent: { result: 'deleted n-7' } })
})

test('the server is named after the fixture package', () => {
  expect(session.client.getServerVersion()).toMatchObject({ name: 'mcp-fixture', version: '2.1.0' })
})
