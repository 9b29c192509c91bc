import { createRequire } from 'node:module'

/** The ts-morph backend's module. */
export type TsMorphBackendModule = typeof import('./ts-morph/index.js')

/**
 * Loads the ts-morph backend on first use, synchronously (builders are synchronous; Node ≥ 20.19
 * requires ES modules). Loading ts-morph costs about a second, which a build on the native checker
 * never pays. Under vitest, which runs the TypeScript sources, vitest.config.ts points this module
 * at test/setup/ts-morph-loader.ts, a static import of the same backend.
 */
export function loadTsMorphBackend(): TsMorphBackendModule {
  return createRequire(import.meta.url)('./ts-morph/index.js') as TsMorphBackendModule
}
