import path from 'node:path'
import { createRequire } from 'node:module'
import type { Plugin, RolldownOutput } from 'rolldown'
import type { CatalogTool } from '../../../runtime/catalog.js'
import type { EmitTarget } from '../../shared/emit-target.js'
import { generateToolEntryModule } from './tool-entry-module.js'
import { ToolCompileError } from './tool-compile-error.js'
import { toolcatSubsetModule } from '../../shared/toolcat-imports.js'
import { helperEntries, helperModuleSource, importedNames, packageHandlers, toolcatDir, validatorRuntimeDir, type CompileJob, type CompileResult } from './compile-job.js'
import { compileErrorMessage } from '../../compiler/rolldown-errors.js'

// Modules generated in memory: `\0` keeps other plugins and rolldown's resolver off their ids.
const entryPrefix = '\0toolcat-entry:'
const helperPrefix = '\0toolcat-helper:'
const subsetPrefix = '\0toolcat-exports:'

/**
 * The tool entries compiled with rolldown, in this process (a native addon, no service to
 * stop): one chunk per tool entry, code shared between tools in `tools/chunk-<hash>.js`.
 */
export async function compileWithRolldown(job: CompileJob): Promise<CompileResult> {
  const { catalog, root, target, fileOf, helpers } = job
  const { rolldown } = await import('rolldown')
  const byName = new Map(catalog.tools.map((tool) => [tool.name, tool]))
  const input: Record<string, string> = {}
  for (const tool of catalog.tools) input[`tools/${fileOf(tool)}`] = `${entryPrefix}${tool.name}`
  for (const helper of helperEntries(helpers)) input[helper.out] = `${helperPrefix}${helper.exports}`
  let output: RolldownOutput
  try {
    const bundle = await rolldown({
      cwd: root,
      input,
      platform: 'neutral',
      resolve: { mainFields: ['module', 'main'] },
      transform: { target: 'es2022' },
      logLevel: 'silent',
      // No `// <module id>` comments: ids of toolcat's own files, relative to the root, would
      // name folders outside the project wherever toolcat is linked from elsewhere.
      experimental: { attachDebugInfo: 'none' },
      plugins: [toolcatModules((name) => byName.get(name), target, packageHandlers(catalog, target))],
    })
    try {
      output = await bundle.generate({
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: 'tools/chunk-[hash].js',
        comments: { legal: true, annotation: true, jsdoc: false },
        minify: false,
      })
    } finally {
      await bundle.close()
    }
  } catch (error) {
    throw new ToolCompileError(new Error(compileErrorMessage(error, root), { cause: error }))
  }
  const inputs = new Set<string>()
  const outputs = output.output.map((file) => {
    if (file.type === 'asset') return { path: file.fileName, contents: file.source }
    for (const id of file.moduleIds) if (path.isAbsolute(id)) inputs.add(path.resolve(id))
    return { path: file.fileName, contents: file.code }
  })
  return { outputs, inputs: [...inputs].sort() }
}

/**
 * The generated modules (tool entries, helper modules, subsets of toolcat) and the resolution
 * rules esbuild's plugins had: package imports of the tool sources stay imports (so do dependency
 * tools' handlers), the rest (ajv's helpers, what a tool takes from `toolcat`) is bundled.
 */
function toolcatModules(lookup: (name: string) => CatalogTool | undefined, target: EmitTarget, handlersFromPackages: ReadonlySet<string>): Plugin {
  const sources = new Map<string, string[] | undefined>()
  return {
    name: 'toolcat-modules',
    async resolveId(source, importer) {
      if (source.startsWith(entryPrefix) || source.startsWith(helperPrefix)) return source
      if (importer?.startsWith(entryPrefix) === true) {
        // A validator module of its own sits beside the entry's output, written by the caller.
        if (/^\.\/[^/]+\.validate\.js$/.test(source)) return { id: source, external: true }
        // An entry's handler import is the tool file's exact path: taken as is.
        if (path.isAbsolute(source)) return source
      }
      if (source === 'toolcat') {
        // A module importing only some of toolcat's exports by name gets a module of just those.
        const names = importer === undefined || importer.startsWith('\0') ? undefined : sources.has(importer) ? sources.get(importer) : importedNames(importer)
        if (importer !== undefined) sources.set(importer, names)
        if (names !== undefined) return `${subsetPrefix}${names.join(',')}`
        return path.join(toolcatDir, '../index.js')
      }
      if (handlersFromPackages.has(source)) return { id: source, external: true }
      if (importer !== undefined && /^(ajv|re2js)/.test(source) && path.dirname(importer) === validatorRuntimeDir) return createRequire(importer).resolve(source)
      const generatedIn = importer === undefined ? undefined : generatedDir(importer)
      if (generatedIn !== undefined) {
        // Generated modules resolve as if they were files of toolcat's own.
        const resolved = await this.resolve(source, path.join(generatedIn, 'generated.js'), { skipSelf: true })
        return resolved ?? null
      }
      if (/^[^./]/.test(source) && !path.isAbsolute(source) && importer !== undefined && !importer.split(path.sep).includes('node_modules')) return { id: source, external: true }
      return null
    },
    load(id) {
      if (id.startsWith(entryPrefix)) {
        const name = id.slice(entryPrefix.length)
        const tool = lookup(name)
        if (tool === undefined) throw new Error(`unknown tool ${name}`)
        return { code: generateToolEntryModule(tool, target), moduleType: 'js' }
      }
      if (id.startsWith(helperPrefix)) {
        return { code: helperModuleSource(id.slice(helperPrefix.length).split(',')), moduleType: 'js' }
      }
      if (id.startsWith(subsetPrefix)) {
        const names = id.slice(subsetPrefix.length)
        return { code: toolcatSubsetModule(names === '' ? [] : names.split(',')), moduleType: 'js' }
      }
      return null
    },
  }
}

/** The folder a generated module's imports resolve from (as esbuild's `resolveDir` did), or undefined for a file. */
function generatedDir(importer: string): string | undefined {
  if (importer.startsWith(entryPrefix) || importer.startsWith(helperPrefix)) return toolcatDir
  if (importer.startsWith(subsetPrefix)) return path.dirname(toolcatDir)
  return undefined
}
