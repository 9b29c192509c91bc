import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { BuildOptions, Plugin } from 'esbuild'
import { relativePath } from '../paths.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { EmitTarget } from './emit-target.js'
import { stringLiteral } from './literals.js'
import { generateToolEntryModule } from './tool-entry-module.js'
import { ToolCompileError } from './tool-compile-error.js'
import { withCompilerGc } from './compiler-gc.js'
import { loadCompiler } from './load-compiler.js'
import { toolcatNamesImported, toolcatSubsetModule } from './toolcat-imports.js'
import { emitValidatorModules, helperModulePath, type CompiledFile } from './validator-modules.js'
import type { ValidatorMemo } from './validator-memo.js'
import { validatorRuntimeFile } from './validator-runtime-names.js'

const entryNamespace = 'toolcat-entry'
const helperNamespace = 'toolcat-helper'
const subsetNamespace = 'toolcat-exports'
// Where toolcat's own modules are: ajv's helpers resolve from here (toolcat's dependency), and
// `toolcat` itself is taken from here.
const toolcatDir = path.dirname(fileURLToPath(import.meta.url))

/**
 * Compiles every tool's lazy entry module (its handler re-export and validator) with esbuild into
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

/** One compiled file, relative to the output folder: generated text, or the bytes esbuild produced. */
export interface CompiledOutput {
  readonly path: string
  readonly contents: string | Uint8Array
}

/**
 * `compileTools`, handing each file to `place` as soon as it exists (the same relative paths and
 * bytes), so that the validators, tens of megabytes for a thousand tools, never accumulate in
 * this process's memory and the caller decides how each file reaches the disk (written, or
 * carried over from the previous build). esbuild writes nothing itself. Resolves with the files
 * esbuild read (what a build cache must compare to know the output unchanged); a `memo` supplies
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
  const { build } = await loadCompiler()
  const options = { ...buildOptions(catalog, root, target, fileOf, helpers), outdir: '.', write: false, metafile: true } as const
  const result = await withCompilerGc(() => build(options)).catch(failedCompile)
  for (const file of result.outputFiles) place({ path: relativePath(root, file.path), contents: file.contents })
  return sourceInputs(result.metafile.inputs, root)
}

/** The files on disk esbuild read (absolute, sorted): not the modules generated in memory (`namespace:…`). */
function sourceInputs(inputs: Readonly<Record<string, unknown>>, root: string): string[] {
  return Object.keys(inputs)
    .filter((input) => !/^[a-z-]+:/.test(input))
    .map((input) => path.resolve(root, input))
    .sort()
}

function ownValidators(target: EmitTarget): boolean {
  return target.validators === 'precompiled' && target.validatorSpecifier !== undefined
}

function failedCompile(error: unknown): never {
  throw new ToolCompileError(error)
}

function buildOptions(
  catalog: Catalog,
  root: string,
  target: EmitTarget,
  fileOf: (tool: CatalogTool) => string,
  helpers: readonly string[],
): BuildOptions {
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
  return {
    absWorkingDir: root,
    entryPoints: [
      ...catalog.tools.map((tool) => ({ in: `${entryNamespace}:${tool.name}`, out: `tools/${fileOf(tool)}` })),
      ...helperEntries(helpers),
    ],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    chunkNames: 'tools/chunk-[hash]',
    logLevel: 'silent',
    plugins: [entryModules((name) => byName.get(name), target), helperModules(), externalPackages(packageHandlers(catalog, target))],
  }
}

function entryModules(lookup: (name: string) => CatalogTool | undefined, target: EmitTarget): Plugin {
  return {
    name: 'toolcat-entries',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${entryNamespace}:`) }, (args) => ({ path: args.path.slice(entryNamespace.length + 1), namespace: entryNamespace }))
      // A validator module of its own sits beside the entry's output, written by the caller.
      build.onResolve({ filter: /^\.\/[^/]+\.validate\.js$/, namespace: entryNamespace }, (args) => ({ path: args.path, external: true }))
      // An entry's handler import is the tool file's exact path: taken as is, since esbuild's own
      // resolver cannot find a path holding `*` (a folder named `a *`, say). The filter lets only
      // absolute paths (`/…`, `C:/…`) call back: each call is a round trip between the processes.
      build.onResolve({ filter: /^(\/|[A-Za-z]:[\\/])/, namespace: entryNamespace }, (args) => (path.isAbsolute(args.path) ? { path: args.path } : undefined))
      build.onLoad({ filter: /.*/, namespace: entryNamespace }, (args) => {
        const tool = lookup(args.path)
        if (tool === undefined) return { errors: [{ text: `unknown tool ${args.path}` }] }
        return { contents: generateToolEntryModule(tool, target), loader: 'js', resolveDir: toolcatDir }
      })
    },
  }
}

/**
 * One entry a module of helpers (`helperModulePath`): the used exports of one file of toolcat's
 * `validator-runtime`, in a stable order, so a validator using `format` never loads re2js.
 */
function helperEntries(helpers: readonly string[]): { in: string; out: string }[] {
  const byModule = new Map<string, string[]>()
  for (const exported of helpers) {
    const module = helperModulePath(exported)
    byModule.set(module, [...(byModule.get(module) ?? []), exported])
  }
  return [...byModule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([module, exports]) => ({ in: `${helperNamespace}:${exports.join(',')}`, out: module.slice(0, -'.js'.length) }))
}

/**
 * The modules through which the output's validators reach ajv's run-time helpers: the exports of
 * one file of toolcat's own `validator-runtime` each, bundled with the ajv and re2js code behind
 * them (resolved from toolcat, whose dependencies they are), so that the output imports no package for them.
 */
function helperModules(): Plugin {
  const sourceDir = path.join(toolcatDir, '../runtime/validator-runtime')
  const fromSource = (importer: string): boolean => path.dirname(importer) === sourceDir
  return {
    name: 'toolcat-validator-helpers',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${helperNamespace}:`) }, (args) => ({ path: args.path.slice(helperNamespace.length + 1), namespace: helperNamespace }))
      build.onLoad({ filter: /.*/, namespace: helperNamespace }, (args) => {
        const exports = args.path.split(',')
        const source = path.join(sourceDir, `${validatorRuntimeFile(exports[0] as string)}.js`)
        return { contents: `export { ${exports.join(', ')} } from ${stringLiteral(source)}\n`, loader: 'js', resolveDir: toolcatDir }
      })
      build.onResolve({ filter: /^(ajv|re2js)/ }, (args) => (fromSource(args.importer) ? { path: createRequire(args.importer).resolve(args.path) } : undefined))
    },
  }
}

/** The handler specifiers of tools merged from dependencies: imported from their package at run time. */
function packageHandlers(catalog: Catalog, target: EmitTarget): Set<string> {
  return new Set(catalog.tools.filter((tool) => tool.source.package !== undefined).map((tool) => target.handlerSpecifier(tool)))
}

/**
 * Keeps package imports of the tool sources and the handlers of dependency tools external, but
 * bundles the other imports of the generated modules (ajv's helpers) and of the packages they pull
 * in, which a user's project need not resolve. `toolcat` itself is bundled too: importing its root
 * at run time would load ajv's compiler (~0.1 s of start-up) on every tool's first call, for the
 * identity function `defineTool`. It is taken from toolcat's own modules, beside this one, rather
 * than from the published bundle, whose ajv import would survive tree-shaking (ajv declares no
 * `sideEffects`) and need ajv installed wherever the output runs.
 */
function externalPackages(packageHandlers: ReadonlySet<string>): Plugin {
  return {
    name: 'toolcat-external-packages',
    setup(build) {
      const sources = new Map<string, string[] | undefined>()
      build.onResolve({ filter: /^toolcat$/ }, async (args) => {
        // A module importing only some of toolcat's exports by name gets a module of just those:
        // bundling the whole index for each of a thousand entries costs esbuild ~0.5 ms an entry.
        const names = sources.has(args.importer) ? sources.get(args.importer) : importedNames(args.importer)
        sources.set(args.importer, names)
        if (names !== undefined) return { path: names.join(','), namespace: subsetNamespace }
        const own = await build.resolve('../index.js', { resolveDir: toolcatDir, kind: args.kind })
        return own.errors.length > 0 ? { errors: own.errors } : { path: own.path }
      })
      build.onLoad({ filter: /.*/, namespace: subsetNamespace }, (args) => ({
        contents: toolcatSubsetModule(args.path === '' ? [] : args.path.split(',')),
        loader: 'js',
        resolveDir: path.dirname(toolcatDir),
      }))
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (packageHandlers.has(args.path)) return { path: args.path, external: true }
        if (path.isAbsolute(args.path) || args.namespace !== 'file') return undefined
        if (args.importer.split(path.sep).includes('node_modules')) return undefined
        return { path: args.path, external: true }
      })
    },
  }
}

/** The names a module imports from `toolcat` (see `toolcatNamesImported`), or undefined when its source cannot tell. */
function importedNames(importer: string): string[] | undefined {
  try {
    return toolcatNamesImported(readFileSync(importer, 'utf8'))
  } catch {
    return undefined
  }
}
