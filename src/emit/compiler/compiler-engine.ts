// The one place the compiler engine is chosen. rolldown (vite 8's bundler) installs as plain
// optional platform packages with no install script, and is the fastest of the engines measured
// (bench/compilers.mjs); esbuild stays selectable for comparison and as a way out.
/** The engines that can compile tool modules: rolldown (toolcat's), the app's esbuild or esbuild-wasm. */
export type CompilerEngine = 'rolldown' | 'esbuild' | 'esbuild-wasm'

/** The engine `TOOLCAT_COMPILER` names (`esbuild`, `esbuild-wasm`: the app's package of that name), else rolldown. */
export function compilerEngine(): CompilerEngine {
  const named = process.env.TOOLCAT_COMPILER
  return named === 'esbuild' || named === 'esbuild-wasm' ? named : 'rolldown'
}
