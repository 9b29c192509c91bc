// Bundles the browser-safe runtime that `toolcat` and `toolcat/lazy` export (compiled by tsc into
// dist/src) into dist/runtime: one module per entry plus the chunks both share, so a generated
// registry's cold start loads two files instead of some twenty, while the two entries keep sharing
// one copy of every runtime class. ajv stays an import (a dependency), and so does re2js (the
// linear-time pattern engine), confined to a module of its own (`compile.js`, run-time schema compilation): an app bundling only `defineTool` or the lazy
// registry drops that module whole (toolcat has no side effects), where an ajv import inside
// index.js would survive tree-shaking, ajv declaring no `sideEffects`.
import { build } from 'esbuild'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
// Compiled by tsc just before: the table of the helpers generated validators import.
import { validatorHelpers } from '../dist/src/emit/validators/validator-runtime-names.js'

const root = fileURLToPath(new URL('..', import.meta.url))
// Chunk names are content hashes: clear the folder so no stale chunk ships in the package.
rmSync(`${root}dist/runtime`, { recursive: true, force: true })

/** What both builds share: ES modules for any platform, split into shared chunks. */
const common = { absWorkingDir: root, outdir: 'dist/runtime', bundle: true, splitting: true, format: 'esm', platform: 'neutral', target: 'es2022', logLevel: 'warning' }

await build({
  ...common,
  // `search`: the index format and `search` on their own (a page's search box); a registry loads the
  // same code as a chunk on its first search.
  entryPoints: { index: 'dist/src/index.js', lazy: 'dist/src/runtime/lazy/index.js', compile: 'dist/src/runtime/compile.js', search: 'dist/src/runtime/search/index.js' },
  // Code mode's engine (QuickJS) and TypeScript stripper (rolldown's oxc) load on the first runCode.
  external: ['ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*', 're2js', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync', 'rolldown/utils'],
  chunkNames: 'chunk-[hash]',
})

// The framework adapters (`toolcat/ai-sdk`, …): a build of their own, so the runtime's entries keep
// their chunks (a registry's cold start loads no adapter code). An adapter imports no runtime class
// (it reaches the registry only through the object it is given); the pure schema helpers it bundles
// (the OpenAI strict profile, nullsToAbsent) hold no state. The frameworks stay imports: optional peers.
const adapters = ['ai-sdk', 'openai-agents', 'langchain', 'mastra']
await build({
  ...common,
  entryPoints: Object.fromEntries(adapters.map((name) => [name, `dist/src/adapters/${name}.js`])),
  external: ['ai', '@openai/agents', '@langchain/core', '@langchain/core/*', '@mastra/core', '@mastra/core/*'],
  chunkNames: 'adapters-[hash]',
})

// `toolcat/mcp`, the MCP Streamable HTTP handler: one self-contained module (no import left, no
// Node builtin), so a Worker-style bundle or a Deno/Bun import takes it as is. It reaches the
// registry only through the object it is given, like the adapters.
await build({
  ...common,
  entryPoints: { mcp: 'dist/src/interop/mcp/index.js' },
  splitting: false,
})

// `toolcat/validator-runtime`, the helpers that precompiled validators call, with the ajv and
// ajv-formats code behind them bundled in: generated code imports it instead of ajv, which a strict
// (pnpm) layout does not let an app reach, and the module has no import left to resolve. Each
// helper is an entry of its own, so each lands in a module of its own that the index re-exports:
// the CommonJS wrappers are not tree-shakable, whole modules are (toolcat has no side effects).
const helpers = [...new Set(validatorHelpers().map((helper) => helper.file))]
await build({
  ...common,
  entryPoints: {
    'validator-runtime': 'dist/src/runtime/validator-runtime.js',
    ...Object.fromEntries(helpers.map((helper) => [`validator-runtime/${helper}`, `dist/src/runtime/validator-runtime/${helper}.js`])),
  },
  chunkNames: 'validator-runtime/chunk-[hash]',
  mainFields: ['module', 'main'],
})

// The catalog page's browser code (src/emit/html/page/): `catalog-page.js`, one classic script
// that `toolcat export --format html` inlines into catalog.html (minified: it travels in every
// exported page; esbuild's output is the same for the same input, so the page's bytes are too),
// and `catalog-page-dev.js`, the module the vite dev page at /__toolcat/ imports.
await build({
  ...common,
  splitting: false,
  format: 'iife',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  entryPoints: { 'catalog-page': 'dist/src/emit/html/page/static-entry.js' },
})
await build({ ...common, splitting: false, platform: 'browser', entryPoints: { 'catalog-page-dev': 'dist/src/emit/html/page/index.js' } })
