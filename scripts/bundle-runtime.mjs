// Bundles the browser-safe runtime that `toolcat` and `toolcat/lazy` export (compiled by tsc into
// dist/src) into dist/runtime: one module per entry plus the chunks both share, so a generated
// registry's cold start loads two files instead of some twenty, while the two entries keep sharing
// one copy of every runtime class. ajv stays an import (a dependency), confined to a module of its
// own (`compile.js`, run-time schema compilation): an app bundling only `defineTool` or the lazy
// registry drops that module whole (toolcat has no side effects), where an ajv import inside
// index.js would survive tree-shaking, ajv declaring no `sideEffects`.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

await build({
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  entryPoints: { index: 'dist/src/index.js', lazy: 'dist/src/runtime/lazy/index.js', compile: 'dist/src/runtime/compile.js' },
  outdir: 'dist/runtime',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*'],
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
})
