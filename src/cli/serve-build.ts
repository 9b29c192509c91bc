import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Catalog } from '../runtime/catalog.js'
import type { LazyRegistry, LazyRegistryOptions } from '../runtime/lazy/types.js'
import { UserError } from './command.js'

/** Whether a folder holds what `toolcat build --outDir` writes: a catalog.json and its registry.js. */
export function isBuildDir(dir: string): boolean {
  return existsSync(path.join(dir, 'catalog.json')) && existsSync(path.join(dir, 'registry.js'))
}

/** A registry ready to serve: the catalog it lists (runnable tools only) and what was left out. */
export interface ServedTools {
  readonly catalog: Catalog
  readonly registry: LazyRegistry
  /** Declaration-only tools without a handler: nothing could run them. */
  readonly unlisted: readonly string[]
}

/** A build's catalog and the `createRegistry` of its registry.js. */
export interface LoadedBuild {
  readonly catalog: Catalog
  createRegistry(options?: LazyRegistryOptions): LazyRegistry
}

/**
 * Production mode: reads the build's catalog.json and imports its registry.js — no TypeScript, no
 * analysis, no compilation. The registry imports each tool's module at its first call.
 */
export async function loadBuild(dir: string): Promise<LoadedBuild> {
  let catalog: Catalog
  try {
    catalog = JSON.parse(readFileSync(path.join(dir, 'catalog.json'), 'utf8')) as Catalog
  } catch (error) {
    throw new UserError(`cannot read ${path.join(dir, 'catalog.json')}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!Array.isArray(catalog?.tools)) throw new UserError(`${path.join(dir, 'catalog.json')} is not a toolcat catalog (no tools list)`)
  try {
    const generated = (await import(pathToFileURL(path.resolve(dir, 'registry.js')).href)) as { createRegistry(options?: LazyRegistryOptions): LazyRegistry }
    return { catalog, createRegistry: (options) => generated.createRegistry(options) }
  } catch (error) {
    throw new UserError(`cannot load ${path.join(dir, 'registry.js')}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Keeps the tools that can run: those with an execute, and declaration-only ones a handler covers. */
export function runnable(catalog: Catalog, registry: LazyRegistry, handled: ReadonlySet<string>): ServedTools {
  const tools = catalog.tools.filter((tool) => tool.declarationOnly !== true || handled.has(tool.name))
  const unlisted = catalog.tools.filter((tool) => !tools.includes(tool)).map((tool) => tool.name)
  return { catalog: { ...catalog, tools }, registry, unlisted }
}

