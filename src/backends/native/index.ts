import type { BackendChanges, BackendRequest, BackendSetup, CheckerBackend, CheckerInfo } from '../../analyze/backend.js'
import { codes } from '../../codes.js'
import { NativeAnalysisView } from './analysis-view.js'
import type { NativeModules } from './load.js'
import { NativeSession } from './session.js'

/**
 * The native TypeScript 7 checker of the project's own `typescript` package, behind the same views
 * as ts-morph. The API process starts here and ends in `close()`.
 */
export function openNativeBackend(modules: NativeModules, request: BackendRequest): BackendSetup {
  const info: CheckerInfo = { name: 'native', typescript: modules.version }
  const session = new NativeSession(modules, request)
  const problems = session.configProblems()
  if (problems.length > 0 && request.tsconfig !== undefined) {
    void session.close()
    return {
      problem: { code: codes.badTsconfig, message: `cannot use the tsconfig: ${problems[0]}`, hint: 'fix the file or pass another with --tsconfig' },
      tsconfig: request.tsconfig,
      info,
    }
  }
  let view = new NativeAnalysisView(modules, session.project)
  const backend: CheckerBackend = {
    info,
    get view() {
      return view
    },
    programFiles: () => session.project.program.getSourceFileNames().filter((file) => !view.checker.isLibFile(file)),
    update(changes: BackendChanges) {
      session.update(changes.changed, changes.added, changes.removed, changes.toolFiles)
      view = new NativeAnalysisView(modules, session.project)
    },
    close: () => session.close(),
  }
  return { backend }
}
