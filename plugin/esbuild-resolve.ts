import type { PluginBuild } from 'esbuild'

/**
 * esbuild resolves an import relative to its importer's folder, and a virtual module (in the
 * plugin's own namespace, named after its `\0` id) has none. Imports made by generated code are
 * therefore resolved from the project root, in esbuild's file namespace.
 */
export function resolveFromVirtualModules(build: PluginBuild, root: () => string): void {
  build.onResolve({ filter: /.*/, namespace: 'toolcat' }, (args) =>
    build.resolve(args.path, { kind: args.kind, resolveDir: root(), namespace: 'file' }),
  )
}
