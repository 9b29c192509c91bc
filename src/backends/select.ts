import type { BackendRequest, BackendSetup, CheckerChoice } from '../analyze/backend.js'
import { CheckerUnavailableError } from '../analyze/backend.js'
import { openNativeBackend } from './native/index.js'
import { loadProjectTypeScript } from './native/load.js'
import { loadTsMorphBackend } from './ts-morph-loader.js'

/**
 * Opens the backend a choice names for a project. `auto` takes the native checker when the
 * project's own `typescript` is a supported 7.x that loads, else ts-morph (saying why in a notice
 * when the project has a TypeScript 7 that could not be used); `native` throws
 * `CheckerUnavailableError` instead of falling back. ts-morph is loaded only when it is used.
 */
export function openBackend(choice: CheckerChoice, request: BackendRequest): BackendSetup {
  if (choice !== 'ts-morph') {
    const load = loadProjectTypeScript(request.root)
    if ('modules' in load) {
      try {
        return openNativeBackend(load.modules, request)
      } catch (error) {
        const reason = `the native checker of typescript ${load.modules.version} did not start: ${firstLine(error)}`
        if (choice === 'native') throw new CheckerUnavailableError(`--checker native: ${reason}`)
        return openTsMorph(request, `${reason}; using ts-morph`)
      }
    }
    if (choice === 'native') throw new CheckerUnavailableError(`--checker native: ${load.reason}`)
    const isSeven = load.version?.startsWith('7.') ?? false
    return openTsMorph(request, isSeven ? `${load.reason}; using ts-morph` : undefined)
  }
  return openTsMorph(request, undefined)
}

function openTsMorph(request: BackendRequest, notice: string | undefined): BackendSetup {
  return loadTsMorphBackend().openTsMorphBackend(request, notice)
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}
