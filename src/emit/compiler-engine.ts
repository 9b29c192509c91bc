// The one place the compiler engine is chosen. rolldown (vite 8's bundler) installs as plain
// optional platform packages with no install script, and is the fastest of the engines measured
// (bench/compilers.mjs); esbuild stays selectable for comparison and as a way out.
/** The engines that can compile tool modules. */
export type CompilerEngine = 'rolldown' | 'esbuild'

/** `TOOLCAT_COMPILER` when it names an engine (`esbuild`: the app's native esbuild, else esbuild-wasm), else rolldown. */
export function compilerEngine(): CompilerEngine {
  return process.env.TOOLCAT_COMPILER === 'esbuild' ? 'esbuild' : 'rolldown'
}
