import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { generateCorpus } from '../../bench/corpus/generate.mjs'
import { createCatalogBuilder } from '../../src/build.js'
import { apiServers, folderResolvingTypeScript7, linkTypeScript7, repoRoot } from './both-backends.js'

/** Whether a process is gone and reaped: no /proc entry, not even a zombie. */
function gone(pid: number): boolean {
  return !existsSync(`/proc/${pid}`)
}

/** Whether a process has exited: gone, or a zombie its new parent has not reaped yet. */
function exited(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').startsWith('Z')
  } catch {
    return true
  }
}

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(process.platform !== 'linux')('the native checker process (read from /proc, so Linux only)', () => {
  test('starts with the builder and, once close() resolves, has exited and been waited for', async () => {
    const root = folderResolvingTypeScript7('toolcat-native-process-')
    folders.push(root)
    generateCorpus(root, 3)
    linkTypeScript7(root)
    const builder = createCatalogBuilder({ tools: path.join(root, 'tools'), checker: 'native' })
    const [server] = apiServers(process.pid)
    expect(server).toBeDefined()
    expect(builder.build().catalog.tools).toHaveLength(3)
    await builder.close()
    expect(gone(server as number)).toBe(true)
    expect(apiServers(process.pid)).toEqual([])
  })

  test('a SIGTERM during a build ends the CLI at once, and its checker process exits with it', async () => {
    const root = folderResolvingTypeScript7('toolcat-native-signal-')
    folders.push(root)
    generateCorpus(root, 1000)
    linkTypeScript7(root)
    const cli = spawn(process.execPath, [path.join(repoRoot, 'dist/src/cli/bin.js'), 'check', 'tools', '--checker', 'native'], { cwd: root, stdio: 'ignore' })
    let server: number | undefined
    for (let attempt = 0; attempt < 600 && server === undefined; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      server = apiServers(cli.pid as number)[0]
    }
    expect(server).toBeDefined()
    const ended = new Promise<NodeJS.Signals | null>((resolve) => cli.once('exit', (_code, signal) => resolve(signal)))
    cli.kill('SIGTERM')
    expect(await ended).toBe('SIGTERM')
    // Its input closed, the checker process ends by itself, without being killed.
    for (let attempt = 0; attempt < 200 && !exited(server as number); attempt++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(exited(server as number)).toBe(true)
  }, 60_000)
})
