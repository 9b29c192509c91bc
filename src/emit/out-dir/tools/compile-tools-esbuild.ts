import path from 'node:path'
import { createRequire } from 'node:module'
import type { BuildOptions, Plugin } from 'esbuild'
import { relativePath } from '../../../paths.js'
import type { Catalog, CatalogTool } from '../../../runtime/catalog.js'
import type { EmitTarget } from '../../shared/emit-target.js'
import { generateToolEntryModule } from './tool-entry-module.js'
import { ToolCompileError } from './tool-compile-error.js'
import { withCompilerGc } from '../../compiler/compiler-gc.js'
import { loadCompiler } from '../../compiler/load-compiler.js'
import { toolcatSubsetModule } from '../../shared/toolcat-imports.js'
import { helperEntries, helperModuleSource, importedNames, packageHandlers, toolcatDir, validatorRuntimeDir, type CompileJob, type CompileResult } from './compile-job.js'

const entryNamespace = 'toolcat-entry'
const helperNamespace = 'toolcat-helper'
const subsetNamespace = 'toolcat-exports'

/**
 * The tool entries compiled with esbuild (native or WebAssembly, see `loadCompiler`): the engine
 * toolcat used before rolldown, kept for `TOOLCAT_COMPILER=esbuild` and the bench's comparison.
 */
export async function compileWithEsbuild(job: CompileJob): Promise<CompileResult> {
  const { catalog, root, target, fileOf, helpers } = job
  const { build } = await loadCompiler()
  const options = { ...buildOptions(catalog, root, target, fileOf, helpers), outdir: '.', write: false, metafile: true } as const
  const result = await withCompilerGc(() => build(options)).catch(failedCompile)
  return { outputs: result.outputFiles.map((file) => ({ path: relativePath(root, file.path), contents: file.contents })), inputs: sourceInputs(result.metafile.inputs, root) }
}

/** The files on disk esbuild read (absolute, sorted): not the modules generated in memory (`namespace:…`). */
function sourceInputs(inputs: Readonly<Record<string, unknown>>, root: string): string[] {
  return Object.keys(inputs)
    .filter((input) => !/^[a-z-]+:/.test(input))
    .map((input) => path.resolve(root, input))
    .sort()
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
      ...helperEntries(helpers).map((helper) => ({ in: `${helperNamespace}:${helper.exports}`, out: helper.out })),
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
 * The modules through which the output's validators reach ajv's run-time helpers: the exports of
 * one file of toolcat's own `validator-runtime` each, bundled with the ajv and re2js code behind
 * them (resolved from toolcat, whose dependencies they are), so that the output imports no package for them.
 */
function helperModules(): Plugin {
  const fromSource = (importer: string): boolean => path.dirname(importer) === validatorRuntimeDir
  return {
    name: 'toolcat-validator-helpers',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${helperNamespace}:`) }, (args) => ({ path: args.path.slice(helperNamespace.length + 1), namespace: helperNamespace }))
      build.onLoad({ filter: /.*/, namespace: helperNamespace }, (args) => {
        return { contents: helperModuleSource(args.path.split(',')), loader: 'js', resolveDir: toolcatDir }
      })
      build.onResolve({ filter: /^(ajv|re2js)/ }, (args) => (fromSource(args.importer) ? { path: createRequire(args.importer).resolve(args.path) } : undefined))
    },
  }
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
