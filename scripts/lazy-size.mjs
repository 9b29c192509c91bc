// The size of `toolcat/lazy` (dist/runtime/lazy.js and the chunks it imports), as an app's bundler
// would ship it: bundled alone, plain and minified, each also gzipped. Two figures: the listing
// path (what a registry's start-up loads: static imports only) and everything, the code the first
// call imports included. Used by the size-budget test and the bench; run it to print the figures:
//   node scripts/lazy-size.mjs [dist/runtime/lazy.js]
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

/** Leaves every dynamic import out of the bundle: what remains is what a static import loads. */
const staticImportsOnly = {
  name: 'static-imports-only',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined))
  },
}

async function measure(entry, listing, minify) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    minify,
    metafile: true,
    plugins: listing ? [staticImportsOnly] : [],
    external: ['ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*'],
    logLevel: 'silent',
  })
  const bytes = result.outputFiles[0].contents
  return { bytes: bytes.length, gzip: gzipSync(bytes).length, inputs: Object.keys(result.metafile.inputs) }
}

/**
 * `{ listing, all }`, each `{ plain, plainGzip, minified, minifiedGzip, modules }`: bytes, and the
 * runtime's modules that path holds (read from the same entry compiled by tsc, dist/src, whose
 * modules the published chunks merge).
 */
export async function lazySize(entry = fileURLToPath(new URL('../dist/runtime/lazy.js', import.meta.url))) {
  const sources = fileURLToPath(new URL('../dist/src/runtime/lazy/index.js', import.meta.url))
  const figures = async (listing) => {
    const plain = await measure(entry, listing, false)
    const minified = await measure(entry, listing, true)
    const modules = (await measure(sources, listing, false)).inputs.map((input) => input.replace(/^.*dist\/src\/runtime\//, ''))
    return { plain: plain.bytes, plainGzip: plain.gzip, minified: minified.bytes, minifiedGzip: minified.gzip, modules }
  }
  return { listing: await figures(true), all: await figures(false) }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await lazySize(process.argv[2])
  for (const [name, figure] of Object.entries(size)) {
    console.log(`${name}: ${figure.plain} B plain (${figure.plainGzip} B gzipped), ${figure.minified} B minified (${figure.minifiedGzip} B gzipped)`)
  }
}
