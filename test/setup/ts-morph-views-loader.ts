// vitest.config.ts aliases src/schema/ts-morph-views-loader.ts to this file: the sources are
// TypeScript, which Node's require (what the real loader uses, on dist/) cannot load.
import type { TsMorphViewsModule } from '../../src/schema/ts-morph-views-loader.js'
import * as views from '../../src/schema/view-ts-morph.js'

/** The ts-morph type views, statically imported. */
export function loadTsMorphViews(): TsMorphViewsModule {
  return views
}
