import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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
  const validators: CompiledFile[] = []
  const helpers = ownValidators(target) ? emitValidatorModules(catalog, fileOf, (file) => validators.push(file)) : []
  const { build } = await loadCompiler()
  const result = await withCompilerGc(() => build({ ...buildOptions(catalog, root, target, fileOf, helpers), outdir: '.', write: false })).catch(failedCompile)
  return [...validators, ...result.outputFiles.map((file) => ({ path: relativePath(root, file.path), contents: file.text }))]
}

/**
 * `compileTools`, but every file is written under `folder` as soon as it exists (the same relative
 * paths and bytes; esbuild writes its own), so the output, tens of megabytes with precompiled
 * validators for a thousand tools, never accumulates in this process's memory. Resolves with the
 * written paths, relative to `folder`.
 */
export async function compileToolsInto(
  folder: string,
  catalog: Catalog,
  root: string,
  target: EmitTarget,
  fileOf: (tool: CatalogTool) => string,
): Promise<string[]> {
  const written: string[] = []
  const folders = new Set<string>()
  const write = (file: CompiledFile): void => {
    const target = path.join(folder, file.path)
    // A thousand validators share one folder: create it once, not once a file.
    const parent = path.dirname(target)
    if (!folders.has(parent)) mkdirSync(parent, { recursive: true })
    folders.add(parent)
    writeFileSync(target, file.contents)
    written.push(file.path)
  }
  const helpers = ownValidators(target) ? emitValidatorModules(catalog, fileOf, write) : []
  const { build } = await loadCompiler()
  const result = await withCompilerGc(() => build({ ...buildOptions(catalog, root, target, fileOf, helpers), outdir: folder, write: true, metafile: true })).catch(
    (error: unknown) => {
      // esbuild reports a full disk as its own error: still a write failure, not a compile failure.
      const messages = (error as { errors?: { text: string }[] }).errors ?? []
      const unwritten = messages.find((message) => message.text.startsWith('Failed to write'))
      throw unwritten === undefined ? new ToolCompileError(error) : new Error(unwritten.text)
    },
  )
  return [...written, ...Object.keys(result.metafile.outputs).map((output) => relativePath(folder, path.resolve(root, output)))]
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
      ...(helpers.length === 0 ? [] : [{ in: `${helperNamespace}:${helpers.join(',')}`, out: helperModulePath.slice(0, -'.js'.length) }]),
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
 * The one module through which the output's validators reach ajv's run-time helpers: the exports
 * of toolcat's own `validator-runtime` they use, bundled with the ajv and re2js code behind them
 * (resolved from toolcat, whose dependencies they are), so that the output imports no package for them.
 */
function helperModules(): Plugin {
  const source = path.join(toolcatDir, '../runtime/validator-runtime.js')
  // The index re-exports one module a helper, each importing its ajv file.
  const fromSource = (importer: string): boolean => path.dirname(importer) === source.slice(0, -'.js'.length)
  return {
    name: 'toolcat-validator-helpers',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${helperNamespace}:`) }, (args) => ({ path: args.path.slice(helperNamespace.length + 1), namespace: helperNamespace }))
      build.onLoad({ filter: /.*/, namespace: helperNamespace }, (args) => ({
        contents: `export { ${args.path.split(',').join(', ')} } from ${stringLiteral(source)}\n`,
        loader: 'js',
        resolveDir: toolcatDir,
      }))
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
