import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions, type Plugin } from 'esbuild'
import { relativePath } from '../paths.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import type { EmitTarget } from './emit-target.js'
import { generateToolEntryModule } from './tool-entry-module.js'
import { ToolCompileError } from './tool-compile-error.js'

/** One compiled output file, relative to the output folder. */
export interface CompiledFile {
  readonly path: string
  readonly contents: string
}

const entryNamespace = 'toolcat-entry'
// Generated validators import ajv's runtime helpers: resolved from toolcat's own location, as its dependency.
const helpersResolveDir = path.dirname(fileURLToPath(import.meta.url))

/**
 * Compiles every tool's lazy entry module (its handler re-export and validator) with esbuild into
 * `tools/<fileOf(tool)>.js`, code shared between tools split into chunks. The tools' own package imports
 * stay imports; ajv's validator helpers are bundled in, and so is what a tool takes from `toolcat`
 * (`defineTool`, a few lines once tree-shaken), so the output runs wherever its packages resolve.
 * Paths in the output are relative to `root`, never absolute.
 */
export async function compileTools(
  catalog: Catalog,
  root: string,
  target: EmitTarget,
  fileOf: (tool: CatalogTool) => string,
): Promise<CompiledFile[]> {
  const result = await build({ ...buildOptions(catalog, root, target, fileOf), outdir: '.', write: false }).catch(failedCompile)
  return result.outputFiles.map((file) => ({ path: relativePath(root, file.path), contents: file.text }))
}

/**
 * `compileTools`, but esbuild writes the files itself under `folder` (the same relative paths and
 * bytes), so the output, tens of megabytes with precompiled validators for a thousand tools, never
 * passes through this process's memory. Resolves with the written paths, relative to `folder`.
 */
export async function compileToolsInto(
  folder: string,
  catalog: Catalog,
  root: string,
  target: EmitTarget,
  fileOf: (tool: CatalogTool) => string,
): Promise<string[]> {
  const result = await build({ ...buildOptions(catalog, root, target, fileOf), outdir: folder, write: true, metafile: true }).catch(
    (error: unknown) => {
      // esbuild reports a full disk as its own error: still a write failure, not a compile failure.
      const messages = (error as { errors?: { text: string }[] }).errors ?? []
      const unwritten = messages.find((message) => message.text.startsWith('Failed to write'))
      throw unwritten === undefined ? new ToolCompileError(error) : new Error(unwritten.text)
    },
  )
  return Object.keys(result.metafile.outputs).map((output) => relativePath(folder, path.resolve(root, output)))
}

function failedCompile(error: unknown): never {
  throw new ToolCompileError(error)
}

function buildOptions(catalog: Catalog, root: string, target: EmitTarget, fileOf: (tool: CatalogTool) => string): BuildOptions {
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
  return {
    absWorkingDir: root,
    entryPoints: catalog.tools.map((tool) => ({ in: `${entryNamespace}:${tool.name}`, out: `tools/${fileOf(tool)}` })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    chunkNames: 'tools/chunk-[hash]',
    logLevel: 'silent',
    plugins: [entryModules((name) => byName.get(name), target), externalPackages(packageHandlers(catalog, target))],
  }
}

function entryModules(lookup: (name: string) => CatalogTool | undefined, target: EmitTarget): Plugin {
  return {
    name: 'toolcat-entries',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${entryNamespace}:`) }, (args) => ({ path: args.path.slice(entryNamespace.length + 1), namespace: entryNamespace }))
      // An entry's handler import is the tool file's exact path: taken as is, since esbuild's own
      // resolver cannot find a path holding `*` (a folder named `a *`, say).
      build.onResolve({ filter: /.*/, namespace: entryNamespace }, (args) => (path.isAbsolute(args.path) ? { path: args.path } : undefined))
      build.onLoad({ filter: /.*/, namespace: entryNamespace }, (args) => {
        const tool = lookup(args.path)
        if (tool === undefined) return { errors: [{ text: `unknown tool ${args.path}` }] }
        return { contents: generateToolEntryModule(tool, target), loader: 'js', resolveDir: helpersResolveDir }
      })
    },
  }
}

/** The handler specifiers of tools merged from dependencies: imported from their package at run time. */
function packageHandlers(catalog: Catalog, target: EmitTarget): Set<string> {
  return new Set(catalog.tools.filter((tool) => tool.source.package !== undefined).map((tool) => target.handlerSpecifier(tool)))
}

/**
 * Keeps package imports of the tool sources and the handlers of dependency tools external, but
 * bundles the other imports of the generated entries (ajv's helpers) and of the packages they pull
 * in, which a user's project need not resolve. `toolcat` itself is bundled too: importing its root
 * at run time would load ajv's compiler (~0.1 s of start-up) on every tool's first call, for the
 * identity function `defineTool`.
 */
function externalPackages(packageHandlers: ReadonlySet<string>): Plugin {
  return {
    name: 'toolcat-external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (packageHandlers.has(args.path)) return { path: args.path, external: true }
        if (path.isAbsolute(args.path) || args.namespace === entryNamespace || args.path === 'toolcat') return undefined
        if (args.importer.split(path.sep).includes('node_modules')) return undefined
        return { path: args.path, external: true }
      })
    },
  }
}
