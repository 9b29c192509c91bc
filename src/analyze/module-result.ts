import path from 'node:path'
import { ts, type SourceFile } from 'ts-morph'
import type { CatalogTool } from '../runtime/catalog.js'
import type { SchemaGenerator } from '../schema/index.js'
import { analyzeModule, type ToolDraft } from './analyze-module.js'
import { deriveEntry } from './derive-entry.js'
import type { Diagnostic } from './diagnostic.js'

/** What one tool module contributes to a catalog, kept between builds until it may have changed. */
export interface ModuleResult {
  readonly drafts: readonly ToolDraft[]
  readonly entries: readonly Omit<CatalogTool, 'hash'>[]
  readonly diagnostics: readonly Diagnostic[]
  /** The last path segment of every module specifier it imports, for invalidation. */
  readonly importedNames: ReadonlySet<string>
}

/** Analyses one module and derives the schemas of its tools. */
export function deriveModule(sourceFile: SourceFile, root: string, generator: SchemaGenerator): ModuleResult {
  const analysis = analyzeModule(sourceFile, root)
  const diagnostics = [...analysis.diagnostics]
  const entries = analysis.drafts.map((draft) => {
    const derived = deriveEntry(draft, generator, root)
    diagnostics.push(...derived.diagnostics)
    return derived.entry
  })
  const importedNames = new Set(moduleSpecifiers(sourceFile).map(moduleName))
  return { drafts: analysis.drafts, entries, diagnostics, importedNames }
}

/**
 * The names under which other modules may import `file`: its base name without extension, and its
 * folder's name for an index module. Matching specifiers by last segment over-approximates (an alias
 * or a package of the same name also matches), which only costs an unneeded re-derivation.
 */
export function namesOf(file: string): string[] {
  const name = moduleName(file)
  return name === 'index' ? [name, path.basename(path.dirname(file))] : [name]
}

/** The specifiers of its import and re-export declarations, read from the syntax tree. */
function moduleSpecifiers(sourceFile: SourceFile): string[] {
  return sourceFile.compilerNode.statements.flatMap((statement) => {
    const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined
    return specifier !== undefined && ts.isStringLiteral(specifier) ? [specifier.text] : []
  })
}

function moduleName(specifier: string): string {
  return path.posix.basename(specifier.split(path.sep).join('/')).replace(/\.[cm]?[jt]sx?$/, '')
}
