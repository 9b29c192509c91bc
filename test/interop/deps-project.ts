import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root: `toolcat` resolves to this checkout through a symlink in each workspace. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const fixtures = path.join(repoRoot, 'fixtures/deps')

/**
 * A fresh workspace holding `weather-pack` and `node_modules/toolcat` (shared by every package in
 * it, as an install would provide). Resolves with the workspace folder.
 */
export function createWorkspace(): string {
  const workspace = mkdtempSync(path.join(tmpdir(), 'toolcat-deps-'))
  cpSync(path.join(fixtures, 'weather-pack'), path.join(workspace, 'weather-pack'), { recursive: true })
  mkdirSync(path.join(workspace, 'node_modules'))
  symlinkSync(repoRoot, path.join(workspace, 'node_modules/toolcat'), 'dir')
  return workspace
}

/** Copies weather-pack as another package named `name`, publishing the same tools. */
export function copyPackage(workspace: string, name: string): void {
  const folder = path.join(workspace, name)
  cpSync(path.join(workspace, 'weather-pack'), folder, { recursive: true })
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ ...manifest, name }))
}

/**
 * Copies fixtures/deps/app into the workspace as `folder`, depending on `packages` (sibling folders)
 * and installed like `npm install` installs `file:` dependencies: a symlink per package.
 */
export function createApp(workspace: string, folder: string, packages: readonly string[]): string {
  const app = path.join(workspace, folder)
  cpSync(path.join(fixtures, 'app'), app, { recursive: true })
  const manifest = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as Record<string, unknown>
  const dependencies = Object.fromEntries(packages.map((name) => [name, `file:../${name}`]))
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ ...manifest, dependencies }))
  mkdirSync(path.join(app, 'node_modules'))
  for (const name of packages) symlinkSync(path.join('..', '..', name), path.join(app, 'node_modules', name), 'dir')
  return app
}
