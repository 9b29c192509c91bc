import type { NodeLine } from './fresh-apps.js'

/** One framework line the tests install beside the packed toolcat, and the Node it runs on. */
export interface TestedLine {
  readonly version: string
  readonly node: NodeLine
}

/**
 * The framework versions the compatibility tests install, each in a fresh app from the packed
 * tarball: the previous major (on the Node running the tests) and the current one (on Node 24 where
 * it needs Node 22 or newer). README's compatibility table lists exactly these, and package.json's
 * peer ranges accept each (test/compat/compatibility-table.test.ts).
 */
export const testedLines = {
  ai: [
    { version: '6.0.325', node: 'running' },
    { version: '7.0.173', node: '24' },
  ],
  '@mastra/core': [
    { version: '0.24.9', node: 'running' },
    { version: '1.71.0', node: '24' },
  ],
  '@openai/agents': [
    { version: '0.14.3', node: 'running' },
    { version: '0.20.0', node: '24' },
  ],
  '@langchain/core': [{ version: '1.4.0', node: 'running' }],
  '@modelcontextprotocol/sdk': [{ version: '1.32.2', node: 'running' }],
  '@modelcontextprotocol/server': [{ version: '2.4.0', node: '24' }],
} as const satisfies Record<string, readonly TestedLine[]>

/** A package the compatibility tests install. */
export type TestedPackage = keyof typeof testedLines

/** The `npm i` argument for one tested line. */
export const spec = (pkg: TestedPackage, line: TestedLine): string => `${pkg}@${line.version}`
