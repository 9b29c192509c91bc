import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { runCli, type CliRun } from './run-cli.js'

/** Every file under a folder (relative path → bytes), to compare two outputs byte for byte. */
export function tree(folder: string): Record<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
  return Object.fromEntries(files.map((entry) => path.join(entry.parentPath, entry.name)).sort().map((file) => [path.relative(folder, file), readFileSync(file, 'latin1')]))
}

/** Runs `toolcat build tools …args` in `root` and expects a build without errors. */
export function build(root: string, ...args: string[]): CliRun {
  const run = runCli(['build', 'tools', ...args], root)
  expect(run.stderr).toMatch(/✔ \d+ tools? · 0 errors/)
  expect(run.status).toBe(0)
  return run
}

/** Rebuilds `out` through the cache and `cold` without it, and expects the two byte-identical. */
export function expectSameAsCold(root: string): CliRun {
  const cached = build(root, '--outDir', 'out')
  rmSync(path.join(root, 'cold'), { recursive: true, force: true })
  build(root, '--outDir', 'cold', '--no-cache')
  expect(tree(path.join(root, 'out'))).toEqual(tree(path.join(root, 'cold')))
  return cached
}
