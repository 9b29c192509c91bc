import { fileURLToPath } from 'node:url'
import { toPosix } from '../src/paths.js'
import type { Catalog } from '../src/runtime/catalog.js'
import { packageToolSpecifier, REGISTRY_ID, SEARCH_ID, toolEntrySpecifier, type VirtualModule } from './ids.js'
import type { ResolvedPluginOptions } from './options.js'
import { writtenSignatures } from '../src/analyze/written-api/written-signatures.js'
import { generateCatalogModule } from '../src/emit/catalog/catalog-module.js'
import { codeSignatures } from '../src/emit/code/code-api-files.js'
import { generateDevPageModule } from '../src/emit/html/generate-dev-page.js'
import { sourceSpecifier, type EmitTarget } from '../src/emit/shared/emit-target.js'
import { generateRegistryModule } from '../src/emit/registry/registry-module.js'
import { generateSearchModule } from '../src/emit/search/search-module.js'
import { generateToolEntryModule } from '../src/emit/out-dir/tools/tool-entry-module.js'
import { validatorRuntimeFile } from '../src/emit/validators/validator-runtime-names.js'

/**
 * A module of the browser-safe runtime next to this plugin in the published package (the bundles
 * `toolcat`, `toolcat/lazy` and `toolcat/validator-runtime` export, so an app importing `toolcat`
 * holds one copy), imported by absolute path: generated code then needs no package resolution
 * (rollup has none without a plugin), and imports no package the app did not declare, which a
 * strict layout (pnpm) would not let it reach.
 */
function runtimeModule(path: string): string {
  return toPosix(fileURLToPath(new URL(`../runtime/${path}`, import.meta.url)))
}

/**
 * How generated code reaches things inside a bundler: tool sources by absolute path (a virtual
 * module has no folder to be relative to), each tool's entry module by its own virtual id so the
 * bundler splits it into a chunk of its own. A dependency's tool module goes through the plugin's
 * own id, which the plugin resolves with the bundler's resolver and checks before the bundler
 * loads anything (package-tool.ts, esbuild-resolve.ts, webpack-resolve.ts).
 */
export function createEmitTarget(options: ResolvedPluginOptions): EmitTarget {
  return {
    handlerSpecifier: (tool) => (tool.source.package !== undefined ? packageToolSpecifier(tool.source.module) : sourceSpecifier(tool, options.root)),
    entrySpecifier: (tool) => toolEntrySpecifier(tool.name),
    validators: options.validators,
    searchSpecifier: SEARCH_ID,
    // The lazy entry leaves ajv's compiler out; run-time compilation needs the root export's `compileSchema`.
    runtimeSpecifier: runtimeModule(options.validators === 'runtime' ? 'index.js' : 'lazy.js'),
    // Each helper from its own module, so a bundler keeps only those the validators use.
    validatorRuntimeSpecifier: (exported) => runtimeModule(`validator-runtime/${validatorRuntimeFile(exported)}.js`),
  }
}

/**
 * The code of a virtual module, or `undefined` for a tool the catalog no longer holds. `root` is
 * the project root the catalog's source paths are relative to: the dev page reads each tool's
 * written types from there for its code-mode signature.
 */
export function generateVirtualModule(module: VirtualModule, catalog: Catalog, target: EmitTarget, root: string): string | undefined {
  switch (module.kind) {
    case 'catalog':
      return generateCatalogModule(catalog)
    case 'registry':
      return generateRegistryModule(catalog, target)
    case 'search':
      return generateSearchModule(catalog)
    case 'dev-page':
      return generateDevPageModule(catalog, { registry: REGISTRY_ID, page: runtimeModule('catalog-page-dev.js') }, codeSignatures(catalog, writtenSignatures(root, catalog.tools)))
    case 'tool': {
      const tool = catalog.tools.find((candidate) => candidate.name === module.name)
      return tool === undefined ? undefined : generateToolEntryModule(tool, target)
    }
  }
}
