import type { BackendRequest, BackendSetup, CheckerChoice } from '../analyze/backend.js'
import { openTsMorphBackend } from './ts-morph/index.js'

/** Opens the backend a choice names for a project; see `BuildOptions.checker`. */
export function openBackend(choice: CheckerChoice, request: BackendRequest): BackendSetup {
  return openTsMorphBackend(request)
}
