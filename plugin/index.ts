import { createUnplugin, type UnpluginBuildContext, type UnpluginContext } from 'unplugin'
import type { BuildResult } from '../src/analyze/index.js'
import { serializeCatalog } from '../src/emit/catalog-json.js'
import { CatalogSession, type FileChangeKind } from './catalog-session.js'
import { parseVirtualId, resolveVirtualId } from './ids.js'
import { resolveOptions, type ToolcatPluginOptions } from './options.js'
import { diagnosticsError } from './report-diagnostics.js'
import { createEmitTarget, generateVirtualModule } from './virtual-modules.js'
import { configureDevServer } from './vite-dev.js'
import { resolveFromVirtualModules } from './esbuild-resolve.js'
import { watchEsbuildTools } from './esbuild-watch.js'

export type { ToolcatPluginOptions } from './options.js'

const WATCH_EVENTS: Record<'create' | 'update' | 'delete', FileChangeKind> = { create: 'add', update: 'change', delete: 'unlink' }

/** The toolcat plugin for every bundler unplugin supports; `toolcat/<bundler>` picks one. */
export const toolcat = createUnplugin((options: ToolcatPluginOptions | undefined = {}) => {
  let bundlerRoot = process.cwd()
  let serving = false
  let session: CatalogSession | undefined
  let reportedFor: BuildResult | undefined

  // The root is only known once the bundler's own config is, so the session starts lazily.
  const current = (): CatalogSession => (session ??= new CatalogSession(resolveOptions(options, bundlerRoot)))

  function loadVirtual(this: UnpluginBuildContext & UnpluginContext, id: string): string | undefined {
    const module = parseVirtualId(id)
    if (module === undefined) return undefined
    const active = current()
    const derivation = active.derive()
    for (const file of active.toolFiles()) this.addWatchFile(file)
    if (active.toolsFolder !== undefined) watchFolder(this, active.toolsFolder)
    // One report per derivation, however many virtual modules the app imports.
    const error = reportedFor === derivation ? undefined : diagnosticsError(derivation.diagnostics, active.options.root)
    if (error !== undefined) {
      reportedFor = derivation
      this.error(error)
    }
    return generateVirtualModule(module, derivation.catalog, createEmitTarget(active.options))
  }

  return {
    name: 'toolcat',
    enforce: 'pre',
    resolveId: { filter: { id: /^~toolcat\// }, handler: resolveVirtualId },
    load: { filter: { id: /^\0toolcat\// }, handler: loadVirtual },
    buildStart() {
      // Every build reports the errors again: a watch rebuild may reuse the previous derivation.
      reportedFor = undefined
    },
    watchChange(id, change) {
      const active = current()
      if (id === active.toolsFolder) active.rescan()
      else active.queue(id, WATCH_EVENTS[change.event])
    },
    buildEnd() {
      const active = current()
      if (serving || !active.options.emitCatalog) return
      const { catalog, diagnostics } = active.derive()
      if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return
      this.emitFile({ type: 'asset', fileName: 'catalog.json', source: serializeCatalog(catalog) })
    },
    vite: {
      configResolved(config) {
        bundlerRoot = config.root
      },
      configureServer(server) {
        serving = true
        configureDevServer(server, current())
      },
    },
    esbuild: {
      config(build) {
        bundlerRoot = build.absWorkingDir ?? bundlerRoot
      },
      setup(build) {
        resolveFromVirtualModules(build, current)
        watchEsbuildTools(build, current)
      },
    },
    webpack(compiler) {
      bundlerRoot = compiler.options.context ?? bundlerRoot
    },
    rspack(compiler) {
      bundlerRoot = compiler.options.context ?? bundlerRoot
    },
  }
})

/**
 * Makes a virtual module depend on the tools folder, so that adding a tool file rebuilds it in
 * watch mode: webpack and rspack take it as a context dependency of the module, rollup (and vite's
 * build watch) as a watched path whose new files it reports. esbuild watches it through its
 * resolve results instead (see esbuild-resolve.ts).
 */
function watchFolder(context: UnpluginBuildContext, folder: string): void {
  const native = context.getNativeBuildContext?.()
  if (native?.framework === 'webpack' || native?.framework === 'rspack') native.loaderContext?.addContextDependency(folder)
  else if (native === undefined) context.addWatchFile(folder)
}
