import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { isSupportedNativeVersion, supportedNativeVersions } from './supported.js'

/** The two modules of the project's TypeScript 7 that the native backend uses. */
export interface NativeModules {
  readonly version: string
  readonly sync: typeof import('typescript/unstable/sync')
  readonly ast: typeof import('typescript/unstable/ast')
}

/** The project's TypeScript 7 loaded, or one line saying why it cannot be. */
export type NativeLoad = { readonly modules: NativeModules } | { readonly reason: string; readonly version?: string }

/**
 * Loads `typescript/unstable/sync` and `typescript/unstable/ast` from the `typescript` package the
 * project itself resolves (from its root, as its own imports would), never toolcat's: a TS 7
 * project needs no second TypeScript. Only the versions in `supportedNativeVersions` are loaded.
 * Loading is synchronous (Node ≥ 20.19 requires ES modules), so builders stay synchronous.
 */
export function loadProjectTypeScript(root: string): NativeLoad {
  const found = findTypeScript(root)
  if ('reason' in found) return found
  const { version, folder } = found
  if (!version.startsWith('7.')) return { reason: `the project's typescript is ${version}; the native checker needs TypeScript 7`, version }
  if (!isSupportedNativeVersion(version)) {
    return { reason: `the project's typescript ${version} is not a tested release (toolcat supports ${supportedNativeVersions.join(', ')})`, version }
  }
  try {
    const require = createRequire(path.join(folder, 'package.json'))
    const sync = require('typescript/unstable/sync') as NativeModules['sync']
    const ast = require('typescript/unstable/ast') as NativeModules['ast']
    return { modules: { version, sync, ast } }
  } catch (error) {
    return { reason: `the project's typescript ${version} does not load: ${firstLine(error)}`, version }
  }
}

/** The folder and version of the `typescript` package resolved from `root`. */
export function findTypeScript(root: string): { folder: string; version: string } | { reason: string } {
  let manifest: string
  try {
    manifest = createRequire(path.join(root, 'package.json')).resolve('typescript/package.json')
  } catch {
    return { reason: `no typescript package resolves from ${root}` }
  }
  try {
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }
    if (typeof version === 'string') return { folder: path.dirname(manifest), version }
  } catch {
    // fall through: an unreadable manifest is reported like a missing version
  }
  return { reason: `cannot read the version of ${manifest}` }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}
