import type { CatalogTool } from '../../runtime/catalog.js'
import type { CheckerInfo } from '../backend.js'
import type { Diagnostic } from '../diagnostic.js'
import { isRecord, isStringArray } from './cache-file.js'

/** One tool module's result as the cache keeps it: JSON, no syntax tree. */
export interface CachedModule {
  /** The content hash of the module when it was derived. */
  readonly hash: string
  /** The last segment of each module specifier it imports (see `namesOf`). */
  readonly importedNames: readonly string[]
  readonly entries: readonly Omit<CatalogTool, 'hash'>[]
  readonly diagnostics: readonly Diagnostic[]
  /** Each tool's name with the duplicate-name diagnostic located at the node giving it. */
  readonly names: readonly { readonly name: string; readonly site: Diagnostic }[]
}

/** The analysis cache of one build: the key it is valid for, the shared files read, every tool module's result. */
export interface AnalysisCache {
  /** `cacheKey` of the build that wrote it. */
  readonly key: string
  readonly checker?: CheckerInfo
  /** Content hashes of every non-tool source file the checker read, by path relative to the root. */
  readonly shared: Readonly<Record<string, string>>
  /** By tool module path relative to the root. */
  readonly modules: Readonly<Record<string, CachedModule>>
}

/** Checks the shape of a parsed analysis cache (its checksum already matched). */
export function isAnalysisCache(value: unknown): value is AnalysisCache {
  if (!isRecord(value) || typeof value.key !== 'string' || !isRecord(value.shared) || !isRecord(value.modules)) return false
  if (!Object.values(value.shared).every((hash) => typeof hash === 'string')) return false
  return Object.values(value.modules).every(isCachedModule)
}

function isCachedModule(value: unknown): value is CachedModule {
  if (!isRecord(value) || typeof value.hash !== 'string' || !isStringArray(value.importedNames)) return false
  if (!Array.isArray(value.entries) || !value.entries.every(isRecord) || !Array.isArray(value.diagnostics) || !value.diagnostics.every(isRecord)) return false
  return Array.isArray(value.names) && value.names.every((named) => isRecord(named) && typeof named.name === 'string' && isRecord(named.site))
}
