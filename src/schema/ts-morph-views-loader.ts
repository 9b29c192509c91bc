import { createRequire } from 'node:module'

/** The ts-morph type views' module. */
export type TsMorphViewsModule = typeof import('./view-ts-morph.js')

/**
 * Loads the ts-morph type views on first use, synchronously (Node ≥ 20.19 requires ES modules), so
 * that importing `toolcat/build` for a build on the native checker does not load ts-morph (about a
 * second). Under vitest, which runs the TypeScript sources, vitest.config.ts points this module at
 * test/setup/ts-morph-views-loader.ts, a static import of the same views.
 */
export function loadTsMorphViews(): TsMorphViewsModule {
  return createRequire(import.meta.url)('./view-ts-morph.js') as TsMorphViewsModule
}
