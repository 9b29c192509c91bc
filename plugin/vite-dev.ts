import { resolve } from 'node:path'
import type { ViteDevServer } from 'vite'
import type { CatalogSession, FileChangeKind } from './catalog-session.js'
import { parseVirtualId } from './ids.js'

/**
 * Keeps the virtual modules of a vite dev server current: a tool file added, edited or deleted is
 * queued for the session (re-derived on the next load, reusing its ts-morph project), the virtual
 * modules are invalidated in every environment, and pages reload to pick them up.
 */
export function configureDevServer(server: ViteDevServer, session: CatalogSession): void {
  const { root, tools } = session.options
  // vite watches its root; a tools folder elsewhere is added (globs are left to the root's watch).
  if (typeof tools === 'string') server.watcher.add(resolve(root, tools))
  const onChange = (kind: FileChangeKind) => (file: string) => {
    if (!session.queue(file, kind)) return
    for (const { moduleGraph } of Object.values(server.environments)) {
      for (const [id, module] of moduleGraph.idToModuleMap) if (parseVirtualId(id) !== undefined) moduleGraph.invalidateModule(module)
    }
    server.ws.send({ type: 'full-reload' })
  }
  server.watcher.on('add', onChange('add')).on('change', onChange('change')).on('unlink', onChange('unlink'))
}
