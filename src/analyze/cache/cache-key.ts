import path from 'node:path'
import type { CheckerIdentity } from '../backend.js'
import type { BuildLayout, BuildOptions } from '../build-options.js'
import { toolcatBuild } from '../package-info.js'
import { fileHash } from './cache-file.js'
import { tsconfigChain } from './tsconfig-chain.js'

/**
 * What every cached result of a build depends on besides the files it read: toolcat's version,
 * the checker asked for and the versions that could answer (the project's TypeScript, for the
 * native checker; ts-morph's), the options that shape a catalog, and the content of the tsconfig
 * and of every config it extends. The checkers' versions are the `identity` the caller read (see
 * `Checkers.identity`). Two builds with different keys share nothing.
 */
export function cacheKey(layout: BuildLayout, options: BuildOptions, tsconfig: string | undefined, identity: CheckerIdentity): string {
  return JSON.stringify({
    toolcat: toolcatBuild(),
    checker: options.checker ?? 'auto',
    typescript: identity.typescript,
    tsMorph: identity.tsMorph,
    tools: layout.location,
    deps: options.deps ?? false,
    tsconfig: tsconfig === undefined ? null : tsconfigChain(tsconfig).map((link) => ('file' in link ? { path: link.file, content: fileHash(link.file) ?? null } : link)),
  })
}

/** Where the cache lives by default: `node_modules/.cache/toolcat` under the project root, as other build tools keep theirs. */
export function defaultCacheDir(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'toolcat')
}
