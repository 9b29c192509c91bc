import { join } from 'node:path'
import type { ViteDevServer } from 'vite'
import type { CatalogSession, FileChangeKind } from './catalog-session.js'
import { internalIds } from './ids.js'

/**
 * Keeps the virtual modules of a vite dev server current: a tool file added, edited or deleted is
 * queued for the session (re-derived on the next load, reusing its ts-morph project), every
 * virtual module is invalidated in every environment, and pages reload to pick them up.
 */
export function configureDevServer(server: ViteDevServer, session: CatalogSession): void {
  const { root, tools } = session.options
  server.watcher.add(typeof tools === 'string' ? join(root, tools) : tools.map((glob) => join(root, glob)))
  const onChange = (kind: FileChangeKind) => (file: string) => {
    if (!session.queue(file, kind)) return
    const names = session.derive().catalog.tools.map((tool) => tool.name)
    for (const environment of Object.values(server.environments)) {
      for (const id of internalIds(names)) {
        const module = environment.moduleGraph.getModuleById(id)
        if (module !== undefined) environment.moduleGraph.invalidateModule(module)
      }
    }
    server.ws.send({ type: 'full-reload' })
  }
  server.watcher.on('add', onChange('add')).on('change', onChange('change')).on('unlink', onChange('unlink'))
}
