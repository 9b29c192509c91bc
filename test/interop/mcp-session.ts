import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** A running `toolcat serve --mcp` over a temp copy of a fixture, driven by the SDK's own client. */
export interface McpSession {
  readonly client: Client
  /** The temp project the server runs in (its working directory). */
  readonly project: string
  /** Everything the server wrote to stderr so far. */
  stderr(): string
  /** Closes the client: its transport ends the server's stdin and waits for the server to exit. */
  disconnect(): Promise<void>
  /** Disconnects and removes the project. */
  close(): Promise<void>
}

/** How the server is started. */
export interface McpSessionOptions {
  /**
   * Run the server under `sh -c`, which then writes `exit <status>` to stderr once the server has
   * exited: the only way to see the status of a process the SDK's transport spawns and owns.
   */
  readonly reportExit?: boolean
}

/**
 * Copies `fixtures/<fixture>` into a temp folder where `toolcat` is installed (a symlink to this
 * checkout, as the built tool modules import it) and connects a client to the built CLI serving it.
 */
export async function startMcpSession(fixture: string, flags: readonly string[] = [], options: McpSessionOptions = {}): Promise<McpSession> {
  const project = path.join(mkdtempSync(path.join(tmpdir(), 'toolcat-mcp-')), fixture)
  // Only the sources: whatever a local run left in the fixture (node_modules, outputs) stays behind.
  const source = path.join(repoRoot, 'fixtures', fixture)
  cpSync(source, project, { recursive: true, filter: (file) => !/^(node_modules|out)\b/.test(path.relative(source, file)) })
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  const args = [path.join(repoRoot, 'dist/src/cli/bin.js'), 'serve', '--mcp', 'tools', ...flags]
  const command = options.reportExit ? { command: 'sh', args: ['-c', '"$0" "$@"; echo "exit $?" >&2', process.execPath, ...args] } : { command: process.execPath, args }
  const transport = new StdioClientTransport({ ...command, cwd: project, stderr: 'pipe' })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const client = new Client({ name: 'toolcat-test', version: '1.0.0' })
  await client.connect(transport)
  return {
    client,
    project,
    stderr: () => stderr,
    disconnect: () => client.close(),
    async close() {
      await client.close()
      rmSync(path.dirname(project), { recursive: true, force: true })
    },
  }
}

/** Every tool the server lists, following `nextCursor` page by page; also returns the page sizes seen. */
export async function listAllTools(client: Client): Promise<{ tools: Tool[]; pages: number[] }> {
  const tools: Tool[] = []
  const pages: number[] = []
  let cursor: string | undefined
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor })
    tools.push(...page.tools)
    pages.push(page.tools.length)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  return { tools, pages }
}
