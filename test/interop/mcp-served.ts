import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { copyFixture, repoRoot } from '../cli/run-cli.js'

/** The built CLI. */
export const bin = path.join(repoRoot, 'dist/src/cli/bin.js')

/** A temp copy of `fixtures/<fixture>` with `toolcat` installed (a link to this checkout) and its tools built into `out/`. */
export function builtProject(fixture = 'mcp-served'): { project: string; outDir: string; remove(): void } {
  const project = copyFixture(fixture)
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  const build = spawnSync(process.execPath, [bin, 'build', 'tools', '--outDir', 'out'], { cwd: project, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`)
  return { project, outDir: path.join(project, 'out'), remove: () => rmSync(path.dirname(project), { recursive: true, force: true }) }
}

/** A `toolcat serve --mcp out --http 127.0.0.1:0` process and the URL it printed. */
export interface HttpServer {
  readonly url: string
  readonly child: ChildProcess
  stderr(): string
  stop(): Promise<void>
}

/** Starts `serve --mcp <dir> --http 127.0.0.1:0` in `cwd` and resolves once it printed where it listens. */
export function startHttpServer(cwd: string, flags: readonly string[] = [], options: { readonly node?: string; readonly dir?: string; readonly env?: Record<string, string> } = {}): Promise<HttpServer> {
  const child = spawn(options.node ?? process.execPath, [bin, 'serve', '--mcp', options.dir ?? 'out', '--http', '127.0.0.1:0', ...flags], { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...options.env } })
  let stderr = ''
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /at (http:\/\/\S+\/mcp)/.exec(stderr)
      if (match !== null) {
        resolve({
          url: match[1] as string,
          child,
          stderr: () => stderr,
          stop: async () => {
            child.kill('SIGTERM')
            await exited
          },
        })
      }
    })
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)))
  })
}

/** The `_meta` envelope of a 2026-07-28 request. */
export function envelope(capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': capabilities }
}

/** POSTs one 2026-07-28 request with the headers that must match its body (overridable). */
export async function postModern(url: string, id: number, method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}, capabilities: Record<string, unknown> = {}): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(capabilities) } }
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {}
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...name, ...headers },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), text, headers: response.headers }
}
