import path from 'node:path'
import type { CatalogTool } from '../runtime/catalog.js'
import type { ViewSchemaGenerator } from '../schema/generator.js'
import { analyzeModules, type ToolDraft } from './analyze-module.js'
import { codes } from './codes.js'
import { deriveEntry, draftTypes } from './derive-entry.js'
import type { Diagnostic } from './diagnostic.js'
import type { ModuleReader } from './module-reader.js'

/** What one tool module contributes to a catalog, kept between builds until it may have changed. */
export interface ModuleResult {
  readonly drafts: readonly ToolDraft[]
  readonly entries: readonly Omit<CatalogTool, 'hash'>[]
  readonly diagnostics: readonly Diagnostic[]
  /** The last path segment of every module specifier it imports, for invalidation. */
  readonly importedNames: ReadonlySet<string>
}

/** Analyses modules and derives the schemas of their tools, asking the checker in batches across all of them. */
export function deriveModules(readers: readonly ModuleReader[], generator: ViewSchemaGenerator<unknown>): ModuleResult[] {
  const analyses = analyzeModules(readers)
  const drafts = analyses.flatMap((analysis) => analysis.drafts)
  const derivedTypes = draftTypes(drafts)
  const types = new Map(drafts.map((draft, index) => [draft, derivedTypes[index]] as const))
  return readers.map((reader, index) => {
    const analysis = analyses[index] ?? { drafts: [], diagnostics: [] }
    const diagnostics = [...analysis.diagnostics]
    // An import that does not resolve brings its types as `any`: its TC1010 says so, and a TC1016
    // (parameters typed `any`) would only repeat it.
    const unresolved = analysis.diagnostics.some((diagnostic) => diagnostic.code === codes.unresolvedImport)
    const entries = analysis.drafts.map((draft) => {
      const derived = deriveEntry(draft, types.get(draft) ?? {}, generator)
      diagnostics.push(...derived.diagnostics.filter((diagnostic) => !(unresolved && diagnostic.code === codes.openParameters)))
      return derived.entry
    })
    const importedNames = new Set(moduleSpecifiers(reader).map(moduleName))
    return { drafts: analysis.drafts, entries, diagnostics, importedNames }
  })
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
function moduleSpecifiers(reader: ModuleReader): string[] {
  const { k } = reader
  return reader.statements.flatMap((statement) => {
    const isDeclaration = statement.kind === k.ImportDeclaration || statement.kind === k.ExportDeclaration
    const specifier = isDeclaration ? reader.specifierOf(statement) : undefined
    return specifier === undefined ? [] : [specifier]
  })
}

function moduleName(specifier: string): string {
  return path.posix.basename(specifier.split(path.sep).join('/')).replace(/\.[cm]?[jt]sx?$/, '')
}
