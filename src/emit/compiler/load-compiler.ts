import { compilerEngine } from './compiler-engine.js'

// esbuild, for `TOOLCAT_COMPILER=esbuild` (the app's native `esbuild`, an optional peer) or
// `TOOLCAT_COMPILER=esbuild-wasm` (installed by the app too): toolcat's own engine is rolldown.
/** esbuild's JavaScript API, as both the native package and the WebAssembly one expose it. */
export type Compiler = typeof import('esbuild')

let loading: Promise<Compiler> | undefined

/** esbuild's API, from the package `TOOLCAT_COMPILER` names (`esbuild` or `esbuild-wasm`), which the app installs. Loaded once. */
export function loadCompiler(): Promise<Compiler> {
  const name = compilerEngine() === 'esbuild-wasm' ? 'esbuild-wasm' : 'esbuild'
  loading ??= (import(name) as Promise<Compiler>).catch((error: unknown) => {
    if (!isMissing(error, name)) throw error
    throw new Error(`TOOLCAT_COMPILER=${name} needs the package ${name} installed in the app (npm install -D ${name}), or unset TOOLCAT_COMPILER to compile with rolldown`, { cause: error })
  })
  return loading
}

/** The compiler if one was loaded, so stopping it never starts one. */
export function loadedCompiler(): Promise<Compiler> | undefined {
  return loading
}

/** Node's "cannot find package '<name>'", as opposed to a failure inside an installed esbuild. */
function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error.message.includes(`'${name}'`)
}
