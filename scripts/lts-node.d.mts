/** The Node LTS lines the whole suite runs on, in the order `npm test` runs them: major line to exact version. */
export declare const LTS_NODES: Readonly<{ 24: string; 26: string }>
/** Installs one npm package on first use into `.tmp/<folder>` with npm and returns the path of `file` inside that install. */
export declare function installedInTmp(folder: string, spec: string, file: string, env?: NodeJS.ProcessEnv): string
/** The path of the Node binary of one LTS line of `LTS_NODES`, installed on first use into `.tmp/` from the npm registry. */
export declare function ltsNode(major: string | number): string
/** An environment whose `PATH` starts with the folder of the Node binary `node`, so `npm`, `npx` and `#!/usr/bin/env node` scripts run on it. */
export declare function envWithNode(node: string, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv
/** What `node scripts/test-lts.mjs <args…>` runs: the LTS lines named (all when none is), and the arguments that go to vitest. */
export declare function testPasses(args: readonly string[]): { lines: string[]; vitestArgs: string[] }
