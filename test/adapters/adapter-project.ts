import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { writeOutDir } from '../../src/emit/out-dir/write-out-dir.js'
import { fixtureCatalog, fixtureRoot, repoRoot, runInFreshNode } from '../registry/out-dir.js'

/**
 * A folder inside the repository's `.tmp/` holding the registry fixture's generated registry in
 * `out/`: there, `toolcat` resolves to the built package (a symlink in its node_modules, as if
 * installed) and each framework from the repository's devDependencies, as from an app's own.
 */
export async function adapterProject(): Promise<string> {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true })
  const project = mkdtempSync(path.join(repoRoot, '.tmp', 'adapters-'))
  mkdirSync(path.join(project, 'node_modules'))
  symlinkSync(repoRoot, path.join(project, 'node_modules/toolcat'), 'dir')
  await writeOutDir(fixtureCatalog(), { root: fixtureRoot, outDir: path.join(project, 'out') })
  return project
}

/** Removes a folder made by `adapterProject`. */
export function removeProject(project: string): void {
  rmSync(project, { recursive: true, force: true })
}

/**
 * Runs a script in a fresh Node process inside `project` (so each run starts with no tool module
 * imported), with `createRegistry`, `imports()` and `catalog` (the fixture's catalog.json) in scope
 * after `prelude` (the script's imports); `body`'s returned value comes back parsed from JSON.
 */
export function runScript(project: string, prelude: string, body: string): any {
  const catalog = `const catalog = JSON.parse(${JSON.stringify(readFileSync(path.join(fixtureRoot, 'catalog.json'), 'utf8'))})`
  return runInFreshNode(project, body, `${prelude}\n${catalog}`)
}
