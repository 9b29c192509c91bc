import { statSync } from 'node:fs'
import { createUnplugin, type UnpluginBuildContext, type UnpluginContext } from 'unplugin'
import type { BuildResult } from '../src/analyze/index.js'
import { serializeCatalog } from '../src/emit/catalog/catalog-json.js'
import { stripTypes } from '../src/emit/compiler/strip-types.js'
import { generateDevPageFailureModule } from '../src/emit/html/generate-dev-page.js'
import { CatalogSession, type FileChangeKind } from './catalog-session.js'
import { syncDeclarationFile } from './declaration-file.js'
import { parsePackageToolId, parseVirtualId, resolveVirtualId } from './ids.js'
import { resolvePackageTool, type ResolverContext } from './package-tool.js'
import { resolveOptions, type ToolcatPluginOptions } from './options.js'
import { diagnosticsError, DiagnosticsReport, errorsText, type DiagnosticLogger } from './report-diagnostics.js'
import { createEmitTarget, generateVirtualModule } from './virtual-modules.js'
import { DevServerSync } from './vite-dev.js'
import { serveDevPage } from './vite-dev-page.js'
import { CATALOG_FILE, writeDroppedCatalog } from './vite-catalog.js'
import { resolveFromVirtualModules } from './esbuild-resolve.js'
import { watchEsbuildTools } from './esbuild-watch.js'
import { WebpackPackageTools, type WebpackLikeCompiler } from './webpack-resolve.js'

export type { ToolcatPluginOptions } from './options.js'

const WATCH_EVENTS: Record<'create' | 'update' | 'delete', FileChangeKind> = { create: 'add', update: 'change', delete: 'unlink' }

/** The name of the vite environment a hook runs in (vite 6+), or `undefined` in other bundlers. */
function environmentOf(context: object): string | undefined {
  return (context as { environment?: { name: string } }).environment?.name
}

/** The toolcat plugin for every bundler unplugin supports; `toolcat/<bundler>` picks one. */
export const toolcat = createUnplugin((options: ToolcatPluginOptions | undefined = {}, meta) => {
  let bundlerRoot = process.cwd()
  let session: CatalogSession | undefined
  let dev: DevServerSync | undefined
  let reportedFor: BuildResult | undefined
  // vite's logger, where its builds and dev servers print toolcat's diagnostics (other bundlers fail on errors only).
  let logger: DiagnosticLogger | undefined
  const report = new DiagnosticsReport()
  // The catalog each vite environment's build emitted, to write where vite drops it.
  const emitted = new Map<string | undefined, string>()
  // webpack and rspack give resolveId no `this.resolve`: dependency tool modules go through their compiler's resolver.
  const webpackTools = new WebpackPackageTools()

  // The root is only known once the bundler's own config is, so the session starts lazily.
  const current = (): CatalogSession => (session ??= new CatalogSession(resolveOptions(options, bundlerRoot)))
  // Every derivation keeps the declaration file in step with the catalog; a failure to write it
  // is said once, not once per virtual module.
  const warned = new Set<string>()
  const derive = (warn: (message: string) => void = console.warn): BuildResult => {
    const active = current()
    // esbuild says nothing of changes and takes its own view of a watched file when the plugin
    // hands it over, just after this: a file saved since the checker read it is derived again now,
    // or no rebuild would ever follow it.
    if (meta.framework === 'esbuild') active.queueChangedSinceRead()
    const derivation = active.derive()
    if (logger !== undefined) report.print(derivation, active.options.root, logger, dev !== undefined)
    const once = (message: string): void => {
      if (!warned.has(message)) warn(message)
      warned.add(message)
    }
    // A corrupt or foreign cache file is said in one line, as `toolcat build` says it.
    const { ignored } = derivation as { ignored?: string }
    if (ignored !== undefined) once(`toolcat: ${ignored}`)
    syncDeclarationFile(active.options.dts, derivation, once)
    return derivation
  }
  // The bundler is done with the plugin: end the checker (a watch keeps it between rebuilds).
  const close = (): Promise<void> => session?.close() ?? Promise.resolve()

  function loadVirtual(this: UnpluginBuildContext & UnpluginContext, id: string): string | undefined {
    const module = parseVirtualId(id)
    if (module === undefined) return undefined
    const active = current()
    const derivation = derive((message) => this.warn(message))
    // A dev server follows changes through its own watcher (vite-dev.ts); a folder handed to vite
    // dev's `addWatchFile` would be taken for an import of the virtual module and fail to resolve.
    if (dev === undefined) watchSources(this, active)
    else dev.loaded(environmentOf(this) ?? 'client', derivation)
    const error = diagnosticsError(derivation.diagnostics, active.options.root)
    // The try-it page shows the errors, and takes the tools back in place when they are mended.
    if (error !== undefined && dev !== undefined && module.kind === 'dev-page') return generateDevPageFailureModule(error.message)
    // A build reports its errors once, however many virtual modules the app imports; a dev server
    // refuses every load while they last, where a second request would get the tools that are left.
    if (error !== undefined && (dev !== undefined || reportedFor !== derivation)) {
      reportedFor = derivation
      this.error(error)
    }
    return generateVirtualModule(module, derivation.catalog, createEmitTarget(active.options), active.options.root)
  }

  return {
    name: 'toolcat',
    enforce: 'pre',
    // rollup, webpack and rspack read no TypeScript of their own (vite and esbuild do): the tool
    // modules the registry imports are stripped of theirs here, so the one-line config works.
    ...(TYPELESS_BUNDLERS.has(meta.framework) && { transform: { filter: { id: TYPESCRIPT_FILE }, handler: (code: string, id: string) => stripModuleTypes(code, id, current()) } }),
    resolveId: {
      filter: { id: /^~toolcat\// },
      handler(id) {
        const request = parsePackageToolId(id)
        if (request === undefined) return resolveVirtualId(id)
        // esbuild's resolver is reached through its build object instead (see esbuild-resolve.ts).
        if (meta.framework === 'esbuild') return undefined
        if (meta.framework === 'webpack' || meta.framework === 'rspack') return webpackTools.resolve(request, current().options.root)
        return resolvePackageTool(this as unknown as ResolverContext, request, current().options.root)
      },
    },
    load: { filter: { id: /^\0toolcat\// }, handler: loadVirtual },
    buildStart() {
      // Every build reports the errors again: a watch rebuild may reuse the previous derivation.
      reportedFor = undefined
    },
    watchChange(id, change) {
      const active = current()
      // A folder (webpack and rspack report context dependencies), or a file added or deleted:
      // compare the tool files on disk with the known ones, which also catches new glob matches.
      if (!active.queue(id, WATCH_EVENTS[change.event]) || change.event !== 'update') active.rescan()
    },
    buildEnd() {
      const active = current()
      if (dev !== undefined || !active.options.emitCatalog) return
      const { catalog, diagnostics } = derive()
      if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return
      const source = serializeCatalog(catalog)
      emitted.set(environmentOf(this), source)
      this.emitFile({ type: 'asset', fileName: CATALOG_FILE, source })
    },
    rollup: {
      closeBundle() {
        if (!this.meta.watchMode) return close()
      },
      closeWatcher: close,
    },
    vite: {
      configResolved(config) {
        bundlerRoot = config.root
        logger = config.logger
      },
      closeBundle() {
        if (dev === undefined && !this.meta.watchMode) return close()
      },
      closeWatcher: close,
      configureServer(server) {
        const derived = (): BuildResult => derive((message) => server.config.logger.warn(message))
        dev = new DevServerSync(current, derived)
        dev.configure(server)
        if (current().options.devPage) serveDevPage(server, () => errorsText(derived().diagnostics, current().options.root))
        server.httpServer?.once('close', () => void close())
      },
      // vite 6+ (the environment API); vite 5 has no such hook.
      hotUpdate(options) {
        return dev?.hotUpdate(this.environment, options)
      },
      writeBundle(outputOptions, bundle) {
        writeDroppedCatalog(outputOptions, bundle, emitted.get(environmentOf(this)))
      },
    },
    esbuild: {
      config(build) {
        bundlerRoot = build.absWorkingDir ?? bundlerRoot
      },
      setup(build) {
        resolveFromVirtualModules(build, current)
        watchEsbuildTools(build, current)
        build.onDispose(() => void close())
      },
    },
    webpack(compiler) {
      bundlerRoot = compiler.options.context ?? bundlerRoot
      webpackTools.attach(compiler as unknown as WebpackLikeCompiler)
      compiler.hooks.shutdown.tapPromise('toolcat', close)
    },
    rspack(compiler) {
      bundlerRoot = compiler.options.context ?? bundlerRoot
      webpackTools.attach(compiler as unknown as WebpackLikeCompiler)
      compiler.hooks.shutdown.tapPromise('toolcat', close)
    },
  }
})

/** The bundlers that load a `.ts` module as JavaScript unless a plugin or loader strips its types. */
const TYPELESS_BUNDLERS = new Set<string>(['rollup', 'webpack', 'rspack'])
const TYPESCRIPT_FILE = /\.[cm]?tsx?$/

/**
 * A tool module (or a file it imports that the catalog was derived from) as JavaScript, through
 * the same engine the CLI compiles with (`stripTypes`); any other module is left to the bundler's own setup.
 */
async function stripModuleTypes(code: string, id: string, session: CatalogSession): Promise<{ code: string; map: string } | undefined> {
  // webpack and rspack may hand a resource with its query.
  if (!session.sourceFiles().includes(id.split('?')[0] ?? id)) return undefined
  return stripTypes(code, id)
}

/**
 * Makes a virtual module depend on every file the catalog was derived from (the tool modules and
 * the files their types reach, which a bundler never sees when only types are imported) and on
 * the folders new tool files may appear in, so that watch mode rebuilds on any of them: webpack and
 * rspack take a folder as a context dependency of the module, rollup (and vite's build watch) as a
 * watched path whose new files it reports. esbuild watches through its resolve results instead
 * (see esbuild-resolve.ts).
 */
function watchSources(context: UnpluginBuildContext, session: CatalogSession): void {
  for (const file of session.sourceFiles()) context.addWatchFile(file)
  const native = context.getNativeBuildContext?.()
  for (const folder of session.watchTargets()) {
    if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) continue
    if (native?.framework === 'webpack' || native?.framework === 'rspack') native.loaderContext?.addContextDependency(folder)
    else if (native === undefined) context.addWatchFile(folder)
  }
}
