import { compilerEngine } from './compiler-engine.js'
import { loadCompiler } from './load-compiler.js'
import { compileErrorMessage } from './rolldown-errors.js'

/** A module stripped of its TypeScript: JavaScript and its source map (JSON). */
export interface StrippedModule {
  readonly code: string
  readonly map: string
}

/**
 * A TypeScript module (`.ts`, `.tsx`, `.mts`, `.cts`) as ES2022 JavaScript with a source map,
 * types stripped and nothing bundled: through oxc's transformer (the one rolldown carries,
 * `rolldown/utils`), or esbuild's where `compilerEngine` says so. A syntax error is thrown as
 * `file:line:col: message`, the file relative to the working directory.
 */
export async function stripTypes(code: string, file: string): Promise<StrippedModule> {
  const tsx = /x$/.test(file)
  if (compilerEngine() !== 'rolldown') {
    const { transform } = await loadCompiler()
    const result = await transform(code, { loader: tsx ? 'tsx' : 'ts', format: 'esm', target: 'es2022', sourcefile: file, sourcemap: 'external' })
    return { code: result.code, map: result.map }
  }
  const { transform } = await import('rolldown/utils')
  const result = await transform(file, code, { lang: tsx ? 'tsx' : 'ts', sourceType: 'module', target: 'es2022', sourcemap: true })
  if (result.errors.length > 0) throw new SyntaxError(compileErrorMessage({ errors: result.errors }, process.cwd()))
  return { code: result.code, map: JSON.stringify(result.map ?? null) }
}
