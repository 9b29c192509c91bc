import type { DevEnvironment, EnvironmentModuleNode, HotUpdateOptions, ViteDevServer } from 'vite'
import type { BuildResult } from '../src/analyze/index.js'
import type { CatalogSession, FileChangeKind } from './catalog-session.js'
import { parseVirtualId } from './ids.js'

const KINDS: Record<HotUpdateOptions['type'], FileChangeKind> = { create: 'add', update: 'change', delete: 'unlink' }

/**
 * Keeps the virtual modules of a vite dev server current. A tool file, or a file its types reach,
 * created, edited or deleted is queued for the session (re-derived reusing its ts-morph project);
 * when the catalog (or its diagnostics) differ from what an environment's virtual modules were
 * generated from, those modules are invalidated and handed to vite's HMR, which updates their
 * importers or, where no module accepts the update, reloads the page. Edits that leave the catalog
 * as it was (a handler's body) are left to vite's own handling of the tool module.
 */
export class DevServerSync {
  readonly #session: () => CatalogSession
  readonly #derive: () => BuildResult
  /** What each environment's virtual modules were last generated from. */
  readonly #served = new Map<string, string>()
  #lastChange = ''

  constructor(session: () => CatalogSession, derive: () => BuildResult) {
    this.#session = session
    this.#derive = derive
  }

  /** vite watches its root; tool folders and glob bases outside it are added. */
  configure(server: ViteDevServer): void {
    server.watcher.add(this.#session().watchTargets())
  }

  /** Records the derivation an environment's virtual module was just generated from. */
  loaded(environment: string, derivation: BuildResult): void {
    this.#served.set(environment, stateOf(derivation))
  }

  /** vite's `hotUpdate` hook, called once per environment for each change on disk. */
  hotUpdate(environment: DevEnvironment, options: HotUpdateOptions): EnvironmentModuleNode[] | undefined {
    const change = `${options.type}\0${options.file}\0${options.timestamp}`
    // Queued once, however many environments vite asks, and derived at once: the diagnostics an
    // edit brings are printed as it is saved, whether or not a page asks for a module.
    if (change !== this.#lastChange) {
      this.#lastChange = change
      if (this.#session().queue(options.file, KINDS[options.type])) this.#derive()
    }
    const served = this.#served.get(environment.name)
    if (served === undefined || stateOf(this.#derive()) === served) return undefined
    this.#served.delete(environment.name)
    const { moduleGraph } = environment
    const virtual = [...moduleGraph.idToModuleMap].filter(([id]) => parseVirtualId(id) !== undefined).map(([, module]) => module)
    for (const module of virtual) moduleGraph.invalidateModule(module)
    return [...options.modules, ...virtual]
  }
}

/** What generated virtual modules depend on: the catalog (its hash covers every entry) and the diagnostics reported. */
function stateOf(derivation: BuildResult): string {
  return `${derivation.catalog.hash}\0${JSON.stringify(derivation.diagnostics)}`
}
