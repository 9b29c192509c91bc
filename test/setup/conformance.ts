import { join } from 'node:path'
import { installedInTmp } from '../../scripts/lts-node.mjs'

/** The official MCP conformance suite (it needs Node 22+), run on the Node of the test pass. */
export const CONFORMANCE_VERSION = '0.1.16'

/**
 * The path of the `conformance` command, installed on first use into `.tmp/` with npm
 * (never a devDependency: its engines field would make `npm ci` warn under the machine's Node 20).
 */
export function conformance(): string {
  return installedInTmp(`conformance-${CONFORMANCE_VERSION}`, `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`, join('node_modules', '.bin', 'conformance'))
}
