import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Project } from 'ts-morph'
import { createSchemaGenerator } from '../schema/index.js'
import type { Catalog } from '../runtime/catalog.js'
import { assembleCatalog } from './assemble-catalog.js'
import { resolveLayout, type BuildLayout, type BuildOptions } from './build-options.js'
import { codes } from './codes.js'
import { compareCodeUnits } from './compare-code-units.js'
import { createProject } from './create-project.js'
import { withDependencyTools } from './deps/index.js'
import type { Diagnostic } from './diagnostic.js'
import { findToolFiles, isInToolsLocation } from './find-tool-files.js'
import { relativePath } from '../paths.js'
import { diagnosticFor } from './locate.js'
import { deriveModule, namesOf, type ModuleResult } from './module-result.js'
import { readPackageInfo } from './package-info.js'
import { duplicateNames } from './unique-names.js'

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

/** Builds a catalog repeatedly over one ts-morph Project, for watch modes and bundler plugins. */
export interface CatalogBuilder {
  readonly root: string
  /** Absolute paths of the tool modules currently discovered. */
  toolFiles(): string[]
  /**
   * Absolute paths of every source file the last build read outside node_modules: the tool modules
   * and the files whose types they import (what a watcher must watch besides the tools folder).
   */
  sourceFiles(): string[]
  build(): BuildResult
  /**
   * Re-derive after files changed on disk, reusing the ts-morph Project (refresh/add/remove only
   * those files) and the results of every tool module the changes cannot have affected.
   */
  update(changes: readonly FileChange[]): BuildResult
}

/** Creates a builder: resolves the layout, reads the tsconfig and adds the tool modules once. */
export function createCatalogBuilder(options: BuildOptions = {}): CatalogBuilder {
  const layout = resolveLayout(options)
  const setup = createProject(layout.root, options.tsconfig)
  const generator = createSchemaGenerator()
  const results = new Map<string, ModuleResult>()
  let files = findToolFiles(layout.location)
  if ('project' in setup) for (const file of files) setup.project.addSourceFileAtPath(file)

  const build = (): BuildResult => {
    const pkg = readPackageInfo(layout.root)
    if ('problem' in setup) {
      return { catalog: assembleCatalog([], pkg), diagnostics: [diagnosticFor(layout.root, setup.tsconfig, setup.problem)] }
    }
    const modules = files.map((file) => {
      let result = results.get(file)
      if (result === undefined) {
        result = deriveModule(setup.project.getSourceFileOrThrow(file), layout.root, generator)
        results.set(file, result)
      }
      return result
    })
    const drafts = modules.flatMap((module) => module.drafts)
    const diagnostics = modules.flatMap((module) => module.diagnostics)
    if (drafts.length === 0 && diagnostics.length === 0) diagnostics.push(noTools(layout))
    diagnostics.push(...duplicateNames(drafts, layout.root))
    const merged = withDependencyTools(modules.flatMap((module) => module.entries), layout.root, options.deps)
    diagnostics.push(...merged.diagnostics)
    return { catalog: assembleCatalog(merged.entries, pkg), diagnostics: sortDiagnostics(diagnostics) }
  }

  return {
    root: layout.root,
    toolFiles: () => [...files],
    sourceFiles: () => ('project' in setup ? projectSourceFiles(setup.project, files) : [...files]),
    build,
    update(changes) {
      if ('project' in setup) {
        files = applyChanges(setup.project, layout, files, changes)
        forgetAffected(results, layout, changes)
      }
      return build()
    },
  }
}

/** Refreshes only the changed files in the project and returns the new list of tool modules. */
function applyChanges(project: Project, layout: BuildLayout, files: readonly string[], changes: readonly FileChange[]): string[] {
  const next = new Set(files)
  for (const change of changes) {
    const file = path.resolve(change.path)
    const known = project.getSourceFile(file)
    if (change.kind === 'unlink') {
      next.delete(file)
      if (known) project.removeSourceFile(known)
    } else if (known) {
      known.refreshFromFileSystemSync()
    } else if (isInToolsLocation(layout.location, file)) {
      project.addSourceFileAtPath(file)
    }
    if (change.kind !== 'unlink' && isInToolsLocation(layout.location, file)) next.add(file)
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

/** The files of the project's program (the checker's view, so imports resolved on demand count), outside node_modules and the default libraries. */
function projectSourceFiles(project: Project, files: readonly string[]): string[] {
  const program = project.getProgram().compilerObject
  const found = new Set(files)
  for (const sourceFile of program.getSourceFiles()) {
    const file = path.resolve(sourceFile.fileName)
    if (program.isSourceFileDefaultLibrary(sourceFile) || file.split(path.sep).includes('node_modules')) continue
    found.add(file)
  }
  return [...found].sort()
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
 * every output) using it. Of two reports of one problem the error, else the parameters' one, stays.
 */
function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic): string => `${d.file ?? ''}\u0000${String(d.line ?? 0).padStart(8, '0')}:${String(d.column ?? 0).padStart(8, '0')}:${d.code}`
  const unique = new Map<string, Diagnostic>()
  for (const d of diagnostics) {
    const id = `${key(d)}\u0000${d.message.replace(/^output: /, '')}`
    const kept = unique.get(id)
    if (!kept || (kept.severity === 'warning' && d.severity === 'error') || (kept.severity === d.severity && kept.message.startsWith('output: '))) unique.set(id, d)
  }
  return [...unique.values()].sort((a, b) => compareCodeUnits(key(a), key(b)))
}
