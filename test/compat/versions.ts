/** One framework line the tests install beside the packed toolcat (on the Node of each test pass). */
export interface TestedLine {
  readonly version: string
}

/**
 * The framework versions the compatibility tests install, each in a fresh app from the packed
 * tarball: the previous major and the current one, on the Node of each test pass (24, then 26).
 * README's compatibility table lists exactly these, and package.json's peer ranges accept each (test/compat/compatibility-table.test.ts).
 */
export const testedLines = {
  ai: [
    { version: '6.0.325' },
    { version: '7.0.173' },
  ],
  '@mastra/core': [
    { version: '0.24.9' },
    { version: '1.71.0' },
  ],
  '@openai/agents': [
    { version: '0.14.3' },
    { version: '0.20.0' },
  ],
  '@langchain/core': [{ version: '1.4.0' }],
  '@modelcontextprotocol/sdk': [{ version: '1.32.2' }],
  '@modelcontextprotocol/server': [{ version: '2.4.0' }],
} as const satisfies Record<string, readonly TestedLine[]>

/** A package the compatibility tests install. */
export type TestedPackage = keyof typeof testedLines

/** The `npm i` argument for one tested line. */
export const spec = (pkg: TestedPackage, line: TestedLine): string => `${pkg}@${line.version}`
