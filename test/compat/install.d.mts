/** pnpm 12, a devDependency of this repository (installed from the npm registry, never global). */
export declare const pnpmBin: string
/** Packs this checkout (dist/ as built) into `folder`; the tarball's path. */
export declare function packToolcat(folder: string): string
/** `npm install` (or `pnpm add`) of `packages` in `cwd`; resolves with what it printed, rejects when it fails. */
export declare function installPackages(cwd: string, packages: readonly string[], options?: { manager?: 'npm' | 'pnpm'; env?: NodeJS.ProcessEnv }): Promise<string>
/** The lines of an install's output that toolcat caused (a peer conflict, an engine, an install script). */
export declare function toolcatWarnings(installed: string): string[]
/** Whether an install's output mentions an install script run or held back for approval. */
export declare function askedApproval(installed: string): boolean
