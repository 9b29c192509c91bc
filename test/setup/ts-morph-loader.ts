// vitest.config.ts aliases src/backends/ts-morph-loader.ts to this file: the sources are TypeScript,
// which Node's require (what the real loader uses, on dist/) cannot load.
import * as backend from '../../src/backends/ts-morph/index.js'
import type { TsMorphBackendModule } from '../../src/backends/ts-morph-loader.js'

export type { TsMorphBackendModule }

/** The ts-morph backend, statically imported. */
export function loadTsMorphBackend(): TsMorphBackendModule {
  return backend
}
