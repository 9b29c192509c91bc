import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { compilerEngine } from './compiler-engine.js'
import { loadCompiler } from './load-compiler.js'
import { compileErrorMessage } from './rolldown-errors.js'

/**
 * Bundles one module (TypeScript or JavaScript) for Node into `outfile`, one file, its package
 * imports left as imports, and resolves with the names it exports. With rolldown (the default
 * engine, see `compilerEngine`) a compile error is thrown as `file:line:col: message`, the file
 * relative to `cwd`; with esbuild, as esbuild's error (its `errors` carry the locations).
 */
export async function compileHandlersModule(entry: string, outfile: string, cwd: string): Promise<string[]> {
  if (compilerEngine() !== 'rolldown') return compileWithEsbuild(entry, outfile, cwd)
  const { rolldown } = await import('rolldown')
  try {
    const bundle = await rolldown({
      cwd,
      input: entry,
      platform: 'node',
      logLevel: 'silent',
      external: (id, _importer, resolved) => !resolved && /^[^./]/.test(id) && !path.isAbsolute(id),
      experimental: { attachDebugInfo: 'none' },
    })
    try {
      const { output } = await bundle.generate({ format: 'esm', codeSplitting: false })
      const chunk = output[0]
      mkdirSync(path.dirname(outfile), { recursive: true })
      writeFileSync(outfile, chunk.code)
      return chunk.exports
    } finally {
      await bundle.close()
    }
  } catch (error) {
    throw new Error(compileErrorMessage(error, cwd), { cause: error })
  }
}

async function compileWithEsbuild(entry: string, outfile: string, cwd: string): Promise<string[]> {
  const { build } = await loadCompiler()
  const result = await build({ absWorkingDir: cwd, entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'node', packages: 'external', metafile: true, logLevel: 'silent' })
  const output = Object.entries(result.metafile.outputs).find(([file]) => path.resolve(cwd, file) === outfile)
  return output?.[1].exports ?? []
}
