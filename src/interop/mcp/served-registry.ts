import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { writeOutDir } from '../../emit/out-dir/write-out-dir.js'
import type { Catalog } from '../../runtime/catalog.js'
import type { LazyRegistry, LazyRegistryOptions } from '../../runtime/lazy/types.js'

/** Where `serve` writes the registry it runs: a cache folder of the project, ignored like any other. */
export const serveCacheDir = 'node_modules/.cache/toolcat/serve'

/**
 * Writes the catalog's registry and compiled tool modules (the `--outDir` output) into the
 * project's cache folder and imports its `registry.js`. The same generated code an app runs thus
 * serves MCP: definitions at once, each tool's module imported at its first call. Living under the
 * project, the generated modules resolve `toolcat` and the tools' own imports from its node_modules.
 * `options` go to the generated `createRegistry` (host handlers, argument limits, …).
 */
export async function loadServedRegistry(catalog: Catalog, root: string, options: LazyRegistryOptions = {}): Promise<LazyRegistry> {
  const outDir = path.join(root, serveCacheDir)
  await writeOutDir(catalog, { root, outDir })
  const generated = (await import(pathToFileURL(path.join(outDir, 'registry.js')).href)) as { createRegistry(options?: LazyRegistryOptions): LazyRegistry }
  return generated.createRegistry(options)
}
