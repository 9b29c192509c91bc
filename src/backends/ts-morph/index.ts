import path from 'node:path'
import { ts } from 'ts-morph'
import type { BackendChanges, BackendRequest, BackendSetup, CheckerBackend, CheckerInfo } from '../../analyze/backend.js'
import { TsMorphAnalysisView } from './analysis-view.js'
import { createProject } from './project.js'

/** ts-morph's bundled TypeScript, the backend that runs for every project. */
export function openTsMorphBackend(request: BackendRequest, notice?: string): BackendSetup {
  const info: CheckerInfo = { name: 'ts-morph', typescript: ts.version, ...(notice === undefined ? {} : { notice }) }
  const setup = createProject(request.tsconfig)
  if ('problem' in setup) return { ...setup, info }
  const { project } = setup
  for (const file of request.toolFiles) project.addSourceFileAtPath(file)
  const view = new TsMorphAnalysisView(project)
  const backend: CheckerBackend = {
    info,
    view,
    programFiles: () => {
      const program = project.getProgram().compilerObject
      return program.getSourceFiles().flatMap((file) => (program.isSourceFileDefaultLibrary(file) ? [] : [file.fileName]))
    },
    update(changes: BackendChanges) {
      for (const file of changes.removed) {
        const known = project.getSourceFile(file)
        if (known) project.removeSourceFile(known)
      }
      const tools = new Set(changes.toolFiles)
      for (const file of [...changes.changed, ...changes.added]) {
        const known = project.getSourceFile(file)
        if (known) known.refreshFromFileSystemSync()
        else if (tools.has(path.resolve(file))) project.addSourceFileAtPath(file)
      }
    },
    close: () => Promise.resolve(),
  }
  return { backend }
}
