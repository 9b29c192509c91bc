import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { node24Env } from './node24.js'

/** The official MCP conformance suite, run under Node 24 (it needs Node 22+). */
export const CONFORMANCE_VERSION = '0.1.16'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const home = join(repoRoot, '.tmp', `conformance-${CONFORMANCE_VERSION}`)
const binary = join(home, 'node_modules', '.bin', 'conformance')

/**
 * The path of the `conformance` command, installed on first use into `.tmp/` with Node 24's npm
 * (never a devDependency: its engines field would make `npm ci` warn under Node 20). Concurrent
 * callers race safely, as in node24().
 */
export function conformance(): string {
  if (existsSync(binary)) return binary
  mkdirSync(dirname(home), { recursive: true })
  const staging = mkdtempSync(`${home}.staging-`)
  try {
    execFileSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`], { stdio: 'pipe', env: node24Env() })
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
