import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // The loaders require ts-morph's modules from dist/ at run time; the tests import the sources.
    alias: [
      { find: /^\.\/ts-morph-loader\.js$/, replacement: fileURLToPath(new URL('./test/setup/ts-morph-loader.ts', import.meta.url)) },
      { find: /^\.\/ts-morph-views-loader\.js$/, replacement: fileURLToPath(new URL('./test/setup/ts-morph-views-loader.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/ensure-chromium.ts', 'test/setup/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})
