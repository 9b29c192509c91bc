import { cpSync, mkdirSync, mkdtempSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** A fixture folder by name (`plugin-app`, `plugin-side-effect`, …). */
export function fixture(name: string): string {
  return `${repoRoot}fixtures/${name}`
}

/** A fresh output folder for one bundler's build, inside the repo so Node finds its node_modules. */
export function outputFolder(name: string): string {
  return `${repoRoot}.tmp/plugin/${name}`
}

/**
 * The built `toolcat` runtime. Fixture tools import `defineTool` from 'toolcat'; an installed app
 * finds it in node_modules, the fixtures find it through this alias.
 */
export const runtimeEntry = `${repoRoot}dist/runtime/index.js`

/**
 * A fresh copy of a fixture, for tests that edit its tools on disk; the caller removes it. The
 * build cache other tests left in the fixture is not copied: each copy starts cold.
 */
export function copyFixture(name: string, label: string): string {
  mkdirSync(outputFolder(''), { recursive: true })
  const copy = mkdtempSync(join(outputFolder(''), `${label}-`))
  cpSync(fixture(name), copy, { recursive: true, filter: (source) => !source.endsWith(`${sep}node_modules${sep}.cache`) })
  return copy
}

/** A tool file the watch tests add to a running copy of fixtures/plugin-app. */
export const addedTool = `${repoRoot}fixtures/plugin-added-tool/shout.ts`
