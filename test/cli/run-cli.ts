import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, where dist/ is built by the test setup. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

const bin = path.join(repoRoot, 'dist/src/cli/bin.js')

/** What one run of the built `toolcat` binary printed and returned. */
export interface CliRun {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the built CLI as users do, in a real Node process. */
export function runCli(args: readonly string[], cwd = repoRoot): CliRun {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

/** A fresh temporary folder. */
export function temporaryFolder(): string {
  return mkdtempSync(path.join(tmpdir(), 'toolcat-cli-'))
}

/** Copies `fixtures/<name>` into a fresh temporary folder, to run where nothing else lives. */
export function copyFixture(name: string): string {
  const target = path.join(temporaryFolder(), path.basename(name))
  const source = path.join(repoRoot, 'fixtures', name)
  // Build outputs and the fixture's own node_modules (a link back to this repository) stay behind.
  cpSync(source, target, { recursive: true, filter: (file) => !/^(node_modules|out)\b/.test(path.relative(source, file)) })
  return target
}
