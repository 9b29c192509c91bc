import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, whose `dist/` the test setup builds. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** What one child process printed and returned. */
export interface ProcessRun {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * A fresh project outside the repository: a package.json, `toolcat` installed as a symlink to
 * this checkout, and `files` (relative path → contents). Resolves with its folder.
 */
export function tempProject(files: Readonly<Record<string, string>>): string {
  const project = mkdtempSync(path.join(tmpdir(), 'toolcat-reliability-'))
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  writeFileSync(path.join(project, 'package.json'), '{ "name": "reliability-fixture", "type": "module" }\n')
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
    writeFileSync(path.join(project, file), contents)
  }
  return project
}

/** Runs the built `toolcat` binary in `cwd`, as a user does. */
export function runToolcat(cwd: string, args: readonly string[]): ProcessRun {
  return runNode(cwd, [path.join(repoRoot, 'dist/src/cli/bin.js'), ...args])
}

/** Runs Node with `args` in `cwd` and collects its output. */
export function runNode(cwd: string, args: readonly string[]): ProcessRun {
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}
