import type { Catalog, CatalogTool } from '../../../runtime/catalog.js'
import type { EmitTarget } from '../../shared/emit-target.js'
import type { CompileJob, CompileResult, CompiledOutput } from './compile-job.js'
import { compilerEngine } from '../../compiler/compiler-engine.js'
import { emitValidatorModules, type CompiledFile } from '../../validators/validator-modules.js'
import type { ValidatorMemo } from '../../validators/validator-memo.js'

export type { CompiledOutput } from './compile-job.js'

/**
 * Compiles every tool's lazy entry module (its handler re-export and validator) into
 * `tools/<fileOf(tool)>.js`, code shared between tools split into chunks. The tools' own package imports
 * stay imports; ajv's validator helpers are bundled in, and so is what a tool takes from `toolcat`
 * (`defineTool`, a few lines once tree-shaken), so the output runs wherever its packages resolve.
 * When `target` keeps validators in modules of their own, those are generated here, not bundled.
 * Paths in the output are relative to `root`, never absolute.
 */
export async function compileTools(
  catalog: Catalog,
  root: string,
  target: EmitTarget,
  fileOf: (tool: CatalogTool) => string,
): Promise<CompiledFile[]> {
  const files: CompiledFile[] = []
  const decoder = new TextDecoder()
  await compileEach(catalog, root, target, fileOf, (file) => files.push({ path: file.path, contents: typeof file.contents === 'string' ? file.contents : decoder.decode(file.contents) }))
  return files
}

/**
 * `compileTools`, handing each file to `place` as soon as it exists (the same relative paths and
 * bytes), so that the validators, tens of megabytes for a thousand tools, never accumulate in
 * this process's memory and the caller decides how each file reaches the disk (written, or
 * carried over from the previous build). The compiler writes nothing itself. Resolves with the files
 * it read (what a build cache must compare to know the output unchanged); a `memo` supplies
 * validator code an earlier build generated.
 */
export async function compileEach(
  catalog: Catalog,
  root: string,
  target: EmitTarget,
  fileOf: (tool: CatalogTool) => string,
  place: (file: CompiledOutput) => void,
  memo?: ValidatorMemo,
): Promise<string[]> {
  const helpers = ownValidators(target) ? emitValidatorModules(catalog, fileOf, place, memo) : []
  const result = await compile({ catalog, root, target, fileOf, helpers })
  for (const file of result.outputs) place(file)
  return result.inputs
}

/** The job, compiled by the engine `compilerEngine` names. */
async function compile(job: CompileJob): Promise<CompileResult> {
  if (compilerEngine() !== 'rolldown') return (await import('./compile-tools-esbuild.js')).compileWithEsbuild(job)
  return (await import('./compile-tools-rolldown.js')).compileWithRolldown(job)
}

function ownValidators(target: EmitTarget): boolean {
  return target.validators === 'precompiled' && target.validatorSpecifier !== undefined
}
