import { existsSync } from 'node:fs'
import path from 'node:path'
import { createViewSchemaGenerator } from '../schema/generator.js'
import type { Catalog, CatalogTool } from '../runtime/catalog.js'
import { assembleCatalog } from './assemble-catalog.js'
import type { BackendRequest, CheckerInfo, Checkers } from './backend.js'
import { resolveLayout, type BuildLayout, type BuildOptions } from './build-options.js'
import { codes } from './codes.js'
import { compareCodeUnits } from './compare-code-units.js'
import { withDependencyTools } from './deps/index.js'
import type { Diagnostic, DiagnosticTool } from './diagnostic.js'
import { findToolFiles, isInToolsLocation } from './find-tool-files.js'
import { relativePath } from '../paths.js'
import { diagnosticFor } from './locate.js'
import { ModuleReader } from './module-reader.js'
import { deriveModules, namesOf, type ModuleResult } from './module-result.js'
import { readPackageInfo } from './package-info.js'
import { duplicateNames, namedTool, type NamedTool } from './unique-names.js'

/** A catalog and every problem found building it; the catalog is only usable when no diagnostic is an error. */
export interface BuildResult {
  catalog: Catalog
  diagnostics: Diagnostic[]
}

/** One file change seen by a watcher. */
export interface FileChange {
  path: string
  kind: 'add' | 'change' | 'unlink'
}

/** Builds a catalog repeatedly over one program, for watch modes and bundler plugins. */
export interface CatalogBuilder {
  readonly root: string
  /** The checker backend reading the types (see the `checker` option). */
  readonly checker: CheckerInfo
  /** Absolute paths of the tool modules currently discovered. */
  toolFiles(): string[]
  /**
   * Absolute paths of every source file the last build read outside node_modules: the tool modules
   * and the files whose types they import (what a watcher must watch besides the tools folder).
   */
  sourceFiles(): string[]
  build(): BuildResult
  /**
   * Re-derive after files changed on disk, reusing the checker's program (only those files are
   * read again) and the results of every tool module the changes cannot have affected.
   */
  update(changes: readonly FileChange[]): BuildResult
  /** Releases the checker (the native backend's process: resolves once it has exited); the builder is unusable afterwards. */
  close(): Promise<void>
}

/**
 * Creates a builder: resolves the layout, reads the tsconfig and opens the checker over the tool
 * modules once, with the checker `checkers` opens for the `checker` option. Throws
 * `CheckerUnavailableError` when `checker: 'native'` cannot run for the project.
 */
export function createCatalogBuilder(options: BuildOptions, checkers: Checkers): CatalogBuilder {
  const layout = resolveLayout(options)
  let files = findToolFiles(layout.location)
  const setup = checkers.open(options.checker ?? 'auto', backendRequest(layout, options.tsconfig, files))
  const generator = createViewSchemaGenerator<unknown>()
  const results = new Map<string, ModuleResult>()

  const build = (): BuildResult => {
    if ('problem' in setup) {
      return { catalog: assembleCatalog([], readPackageInfo(layout.root)), diagnostics: [diagnosticFor(layout.root, setup.tsconfig, setup.problem)] }
    }
    const { view } = setup.backend
    const stale = files.filter((file) => !results.has(file))
    const readers = stale.flatMap((file) => {
      const module = view.module(file)
      return module === undefined ? [] : [new ModuleReader(view, module, layout.root)]
    })
    deriveModules(readers, generator).forEach((result, index) => results.set(stale[index] as string, result))
    const modules = files.flatMap((file) => results.get(file) ?? [])
    return finishBuild(layout, options, modules.map((module) => ({ ...module, tools: module.drafts.map(namedTool) })))
  }

  return {
    root: layout.root,
    checker: 'problem' in setup ? setup.info : setup.backend.info,
    toolFiles: () => [...files],
    sourceFiles: () => ('backend' in setup ? ownSourceFiles(setup.backend.programFiles(), files) : [...files]),
    build,
    update(changes) {
      if ('backend' in setup) {
        files = applyChanges(layout, files, changes)
        const absolute = changes.map((change) => ({ ...change, path: path.resolve(change.path) }))
        setup.backend.update({
          changed: absolute.filter((change) => change.kind === 'change').map((change) => change.path),
          added: absolute.filter((change) => change.kind === 'add').map((change) => change.path),
          removed: absolute.filter((change) => change.kind === 'unlink').map((change) => change.path),
          toolFiles: files,
        })
        forgetAffected(results, layout, changes)
      }
      return build()
    },
    close: () => ('backend' in setup ? setup.backend.close() : Promise.resolve()),
  }
}

/** What one tool module contributed to a build, as `finishBuild` reads it (a `ModuleResult`, or one kept in a build cache). */
export interface ModuleContribution {
  readonly tools: readonly NamedTool[]
  readonly entries: readonly Omit<CatalogTool, 'hash'>[]
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * The catalog and diagnostics of a build from every tool module's contribution, in file order:
 * duplicate names, the tools of dependencies, the package's fields. Cheap: no checker is asked.
 */
export function finishBuild(layout: BuildLayout, options: BuildOptions, modules: readonly ModuleContribution[]): BuildResult {
  const pkg = readPackageInfo(layout.root)
  const tools = modules.flatMap((module) => module.tools)
  const diagnostics = modules.flatMap((module) => module.diagnostics)
  if (tools.length === 0 && diagnostics.length === 0) diagnostics.push(noTools(layout))
  diagnostics.push(...duplicateNames(tools))
  const merged = withDependencyTools(modules.flatMap((module) => module.entries), layout.root, options.deps)
  diagnostics.push(...merged.diagnostics)
  return { catalog: assembleCatalog(merged.entries, pkg), diagnostics: sortDiagnostics(diagnostics) }
}

/** The tool modules and the program's files outside `node_modules` (absolute, sorted, each once): what a watcher watches. */
export function ownSourceFiles(program: readonly string[], tools: readonly string[]): string[] {
  const read = program.map((file) => path.resolve(file))
  return [...new Set([...tools, ...read.filter((file) => !file.split(path.sep).includes('node_modules'))])].sort()
}

/** The tsconfig to read: the one named (relative to root), else `<root>/tsconfig.json` when it exists. */
export function backendRequest(layout: BuildLayout, tsconfig: string | undefined, toolFiles: readonly string[]): BackendRequest {
  const implicit = path.join(layout.root, 'tsconfig.json')
  const file = tsconfig === undefined ? (existsSync(implicit) ? implicit : undefined) : path.resolve(layout.root, tsconfig)
  return { root: layout.root, tsconfig: file, toolFiles }
}

/** The list of tool modules after the changes (sorted, absolute). */
function applyChanges(layout: BuildLayout, files: readonly string[], changes: readonly FileChange[]): string[] {
  const next = new Set(files)
  for (const change of changes) {
    const file = path.resolve(change.path)
    if (change.kind === 'unlink') next.delete(file)
    else if (isInToolsLocation(layout.location, file)) next.add(file)
  }
  return [...next].sort()
}

/**
 * Drops the kept results a change may have made stale: a changed tool module's own and those of
 * the modules that import it. Any other changed file (a shared type, the tsconfig) can reach
 * every tool's types, so it drops them all.
 */
function forgetAffected(results: Map<string, ModuleResult>, layout: BuildLayout, changes: readonly FileChange[]): void {
  const changed = changes.map((change) => path.resolve(change.path))
  if (changed.some((file) => !isInToolsLocation(layout.location, file))) {
    results.clear()
    return
  }
  const names = new Set(changed.flatMap(namesOf))
  for (const [file, result] of results) {
    if (changed.includes(file) || [...result.importedNames].some((name) => names.has(name))) results.delete(file)
  }
}

function noTools(layout: BuildLayout): Diagnostic {
  const shown = relativePath(layout.root, layout.searched) || '.'
  // A folder that is not there is most often a typo in the path: say so rather than "no tools".
  if (!existsSync(layout.searched)) {
    return diagnosticFor(layout.root, layout.searched, {
      code: codes.noTools,
      message: `the tools folder ${shown} does not exist`,
      hint: 'create it with a tool module in it, or point to the folder that holds your tools',
    })
  }
  return diagnosticFor(layout.root, layout.searched, {
    code: codes.noTools,
    message: `no tool modules found in ${shown}`,
    hint: 'export a `defineTool({...})` from a .ts file there, or point to another folder',
  })
}

/**
 * Sorted by place, each problem once: a shared type's JSDoc problem is found by every tool (and
 * every output) using it. Of two reports of one problem the error, else the parameters' one, stays,
 * naming every tool that reached it.
 */
function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic): string => `${d.file ?? ''}\u0000${String(d.line ?? 0).padStart(8, '0')}:${String(d.column ?? 0).padStart(8, '0')}:${d.code}`
  const unique = new Map<string, Diagnostic>()
  const users = new Map<string, Map<string, DiagnosticTool>>()
  for (const d of diagnostics) {
    const id = `${key(d)}\u0000${d.message.replace(/^output: /, '')}`
    const kept = unique.get(id)
    if (!kept || (kept.severity === 'warning' && d.severity === 'error') || (kept.severity === d.severity && kept.message.startsWith('output: '))) unique.set(id, d)
    for (const tool of d.usedBy ?? []) {
      const known = users.get(id) ?? new Map<string, DiagnosticTool>()
      users.set(id, known.set(`${tool.module}\u0000${tool.name}`, tool))
    }
  }
  const withUsers = [...unique].map(([id, d]) => {
    const tools = users.get(id)
    if (tools === undefined) return d
    const usedBy = [...tools].sort(([a], [b]) => compareCodeUnits(a, b)).map(([, tool]) => tool)
    return { ...d, usedBy }
  })
  return withUsers.sort((a, b) => compareCodeUnits(key(a), key(b)))
}
