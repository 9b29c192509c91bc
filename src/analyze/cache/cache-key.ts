import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { findTypeScript } from '../../backends/native/load.js'
import type { BuildLayout, BuildOptions } from '../build-options.js'
import { toolcatBuild } from '../package-info.js'
import { fileHash } from './cache-file.js'
import { tsconfigChain } from './tsconfig-chain.js'

/**
 * What every cached result of a build depends on besides the files it read: toolcat's version,
 * the checker asked for and the versions that could answer (the project's TypeScript, for the
 * native checker; ts-morph's), the options that shape a catalog, and the content of the tsconfig
 * and of every config it extends.
 * Two builds with different keys share nothing. Read without starting any checker.
 */
export function cacheKey(layout: BuildLayout, options: BuildOptions, tsconfig: string | undefined): string {
  const checker = options.checker ?? 'auto'
  const typescript = checker === 'ts-morph' ? undefined : findTypeScript(layout.root)
  return JSON.stringify({
    toolcat: toolcatBuild(),
    checker,
    typescript: typescript !== undefined && 'version' in typescript ? typescript.version : null,
    tsMorph: checker === 'native' ? null : tsMorphVersion(),
    tools: layout.location,
    deps: options.deps ?? false,
    tsconfig: tsconfig === undefined ? null : tsconfigChain(tsconfig).map((link) => ('file' in link ? { path: link.file, content: fileHash(link.file) ?? null } : link)),
  })
}

let ownTsMorph: string | undefined

/** The version of the ts-morph toolcat resolves (its checker when the native one is not used). */
function tsMorphVersion(): string {
  if (ownTsMorph !== undefined) return ownTsMorph
  try {
    const manifest = createRequire(import.meta.url).resolve('ts-morph/package.json')
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }
    ownTsMorph = typeof version === 'string' ? version : 'unknown'
  } catch {
    ownTsMorph = 'unknown'
  }
  return ownTsMorph
}

/** Where the cache lives by default: `node_modules/.cache/toolcat` under the project root, as other build tools keep theirs. */
export function defaultCacheDir(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'toolcat')
}
