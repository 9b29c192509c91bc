import type { PluginBuild } from 'esbuild'
import type { CatalogSession } from './catalog-session.js'

/**
 * esbuild resolves an import relative to its importer's folder, and a virtual module (in the
 * plugin's own namespace, named after its `\0` id) has none. Imports made by generated code are
 * therefore resolved from the project root, in esbuild's file namespace.
 */
export function resolveFromVirtualModules(build: PluginBuild, current: () => CatalogSession): void {
  build.onResolve({ filter: /.*/, namespace: 'toolcat' }, async (args) => {
    const session = current()
    const { path, external, namespace, sideEffects, suffix, errors, warnings } = await build.resolve(args.path, {
      kind: args.kind,
      resolveDir: session.options.root,
      namespace: 'file',
    })
    // Watching the tools folder makes esbuild's watch mode rebuild when a tool file is added.
    const watchDirs = session.toolsFolder === undefined ? [] : [session.toolsFolder]
    return { path, external, namespace, sideEffects, suffix, errors, warnings, watchDirs }
  })
}
