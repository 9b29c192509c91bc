// Which esbuild compiles tool modules. The native `esbuild` (an optional peer) is used when the
// app has it; otherwise `esbuild-wasm`, a dependency with no install script, so that installing
// toolcat runs no install script at all (pnpm 11+ refuses an unapproved one; npm 11 warns).
/** esbuild's JavaScript API, as both the native package and the WebAssembly one expose it. */
export type Compiler = typeof import('esbuild')

let loading: Promise<Compiler> | undefined

/** esbuild's API: the app's native `esbuild` when it resolves, else the bundled `esbuild-wasm`. Loaded once. */
export function loadCompiler(): Promise<Compiler> {
  loading ??= import('esbuild').catch((error: unknown) => {
    if (!isMissing(error)) throw error
    return import('esbuild-wasm') as Promise<Compiler>
  })
  return loading
}

/** The compiler if one was loaded, so stopping it never starts one. */
export function loadedCompiler(): Promise<Compiler> | undefined {
  return loading
}

/** Node's "cannot find package 'esbuild'", as opposed to a failure inside an installed esbuild. */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /['"]esbuild['"]/.test(error.message)
}
