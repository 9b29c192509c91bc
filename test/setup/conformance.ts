import { join } from 'node:path'
import { installedInTmp } from '../../scripts/node24.mjs'
import { node24Env } from './node24.js'

/** The official MCP conformance suite, run under Node 24 (it needs Node 22+). */
export const CONFORMANCE_VERSION = '0.1.16'

/**
 * The path of the `conformance` command, installed on first use into `.tmp/` with Node 24's npm
 * (never a devDependency: its engines field would make `npm ci` warn under Node 20).
 */
export function conformance(): string {
  return installedInTmp(`conformance-${CONFORMANCE_VERSION}`, `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`, join('node_modules', '.bin', 'conformance'), node24Env())
}
