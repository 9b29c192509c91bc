import type { Diagnostic } from '../diagnostic.js'
import { findDependencyCatalogs } from './find-dependency-catalogs.js'
import { mergeDependencyTools, type CatalogEntry } from './merge-dependency-tools.js'

/** Whether to merge the catalogs of installed dependencies, and the name prefix per package. */
export type DependencyOption = boolean | { readonly prefix?: Readonly<Record<string, string>> }

/**
 * The app's entries plus the tools of every dependency publishing a catalog (see
 * docs/publishing.md), and the problems met; the entries are returned unchanged when `option` is off.
 */
export function withDependencyTools(entries: CatalogEntry[], root: string, option: DependencyOption | undefined): { entries: CatalogEntry[]; diagnostics: Diagnostic[] } {
  if (option === undefined || option === false) return { entries, diagnostics: [] }
  const scan = findDependencyCatalogs(root)
  const merged = mergeDependencyTools(entries, scan.catalogs, option === true ? {} : (option.prefix ?? {}))
  return { entries: merged.entries, diagnostics: [...scan.diagnostics, ...merged.diagnostics] }
}
