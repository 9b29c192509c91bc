import type { PluginBuild } from 'esbuild'
import { resolutionProblem } from '../src/analyze/deps/confined-resolution.js'
import type { CatalogSession } from './catalog-session.js'
import { parsePackageToolId } from './ids.js'
import { refusal } from './package-tool.js'

/**
 * esbuild resolves an import relative to its importer's folder, and a virtual module (in the
 * plugin's own namespace, named after its `\0` id) has none. Imports made by generated code are
 * therefore resolved from the project root, in esbuild's file namespace. A dependency's tool
 * module (`packageToolSpecifier`) is resolved the same way, and taken only when esbuild's answer is
 * a file of that package (see `resolvePackageTool`).
 */
export function resolveFromVirtualModules(build: PluginBuild, current: () => CatalogSession): void {
  build.onResolve({ filter: /.*/, namespace: 'toolcat' }, async (args) => {
    const session = current()
    const request = parsePackageToolId(args.path)
    const { path, external, namespace, sideEffects, suffix, errors, warnings } = await build.resolve(request?.specifier ?? args.path, {
      kind: args.kind,
      resolveDir: session.options.root,
      namespace: 'file',
    })
    if (request !== undefined && errors.length === 0) {
      const problem = external === true ? 'esbuild keeps it external' : resolutionProblem(session.options.root, request.packageName, path)
      if (problem !== undefined) return { errors: [{ text: refusal(request, problem) }] }
    }
    // Watch mode rebuilds when a tool file is added to one of these folders (esbuild watches a
    // folder's entries, not its subfolders'), or when a file the catalog was derived from changes:
    // type files a tool only imports types from are never part of the bundle.
    return { path, external, namespace, sideEffects, suffix, errors, warnings, watchDirs: session.watchFolders(), watchFiles: session.sourceFiles() }
  })
}
