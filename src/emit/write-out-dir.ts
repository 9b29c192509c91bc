import path from 'node:path'
import { relativePath } from '../paths.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import { generateCatalogModule } from './catalog-module.js'
import { generateCatalogTypes } from './catalog-types.js'
import { serializeCatalog } from './catalog-json.js'
import { compileTools } from './compile-tools.js'
import { sourceSpecifier, type EmitTarget } from './emit-target.js'
import { uniqueFileNames } from './identifiers.js'
import { generateRegistryModule } from './registry-module.js'
import { generateRegistryTypes } from './registry-types.js'
import { writeFilesAtomically, type FileToWrite } from './write-files.js'

/** Where `writeOutDir` reads tool sources and writes, and how validators are made. */
export interface OutDirOptions {
  /** The project root the catalog's `source.module` paths are relative to. */
  readonly root: string
  /** The output folder, absolute or relative to `root`. */
  readonly outDir: string
  /** @default 'precompiled' */
  readonly validators?: 'precompiled' | 'runtime'
}

/**
 * Writes everything an app imports, all together and atomically: `catalog.json`, `catalog.js`,
 * `catalog.d.ts`, `registry.js`, `registry.d.ts` and the compiled tool modules under `tools/`
 * (one lazy entry per tool, shared code in chunks). Same catalog and sources, same bytes.
 * Resolves with the written paths, relative to the output folder, sorted.
 */
export async function writeOutDir(catalog: Catalog, options: OutDirOptions): Promise<string[]> {
  const files = await renderOutDir(catalog, options)
  writeFilesAtomically(files)
  const outDir = path.resolve(options.root, options.outDir)
  return files.map((file) => relativePath(outDir, file.path))
}

/**
 * Renders the output folder's files in memory (absolute paths, sorted) without writing them, so a
 * caller can write them in one atomic batch with other files.
 */
export async function renderOutDir(catalog: Catalog, options: OutDirOptions): Promise<FileToWrite[]> {
  const outDir = path.resolve(options.root, options.outDir)
  const files = uniqueFileNames(catalog.tools.map((tool) => tool.name))
  const fileOf = (tool: CatalogTool): string => files.get(tool.name) ?? tool.name
  const target: EmitTarget = {
    handlerSpecifier: (tool) => sourceSpecifier(tool, options.root),
    entrySpecifier: (tool) => `./tools/${fileOf(tool)}.js`,
    validators: options.validators ?? 'precompiled',
  }
  const generated = [
    { path: 'catalog.json', contents: serializeCatalog(catalog) },
    { path: 'catalog.js', contents: generateCatalogModule(catalog) },
    { path: 'catalog.d.ts', contents: generateCatalogTypes(catalog) },
    { path: 'registry.js', contents: generateRegistryModule(catalog, target) },
    { path: 'registry.d.ts', contents: generateRegistryTypes(catalog) },
    ...(await compileTools(catalog, path.resolve(options.root), target, fileOf)),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return generated.map((file) => ({ path: path.join(outDir, file.path), contents: file.contents }))
}
