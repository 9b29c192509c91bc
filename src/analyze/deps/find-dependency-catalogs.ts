import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Catalog } from '../../runtime/catalog.js'
import { codes } from '../codes.js'
import type { Diagnostic } from '../diagnostic.js'
import { diagnosticFor } from '../locate.js'
import { catalogSchemaProblem } from './validate-catalog.js'

/** A dependency that publishes a catalog, and that catalog, checked against catalog.schema.json. */
export interface DependencyCatalog {
  readonly packageName: string
  readonly catalog: Catalog
}

/** The catalogs found and the problems met reading them. */
export interface DependencyScan {
  readonly catalogs: DependencyCatalog[]
  readonly diagnostics: Diagnostic[]
}

/**
 * Reads the catalog of every entry of the root package.json `dependencies` whose package.json has
 * a `toolcat` field (the catalog path, relative to the package). A dependency without the field
 * publishes no tools; one not installed is skipped with a warning; a catalog that cannot be read
 * or is not a valid catalog is an error naming the file. Dependencies are read in name order.
 */
export function findDependencyCatalogs(root: string): DependencyScan {
  const scan: DependencyScan = { catalogs: [], diagnostics: [] }
  for (const packageName of dependencyNames(root).sort()) {
    const folder = installedFolder(root, packageName)
    if (folder === undefined) {
      scan.diagnostics.push(diagnosticFor(root, path.join(root, 'package.json'), {
        code: codes.badDependencyCatalog,
        severity: 'warning',
        message: `dependency ${packageName} is not installed, so its catalog (if any) is not merged`,
        hint: 'run npm install',
      }))
      continue
    }
    const field = readJson(path.join(folder, 'package.json'))?.toolcat
    if (field === undefined) continue
    const file = path.resolve(folder, typeof field === 'string' ? field : '')
    const problem = typeof field !== 'string' ? 'its package.json "toolcat" field is not a path' : catalogProblem(file)
    if (problem === undefined) scan.catalogs.push({ packageName, catalog: readJson(file) as unknown as Catalog })
    else scan.diagnostics.push(diagnosticFor(root, file, { code: codes.badDependencyCatalog, message: `the catalog of ${packageName} cannot be merged: ${problem}` }))
  }
  return scan
}

function dependencyNames(root: string): string[] {
  const dependencies = readJson(path.join(root, 'package.json'))?.dependencies
  return typeof dependencies === 'object' && dependencies !== null ? Object.keys(dependencies) : []
}

/** Node's lookup: `node_modules/<name>` in the root or the nearest folder above holding it. */
function installedFolder(root: string, packageName: string): string | undefined {
  for (let folder = root; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', packageName)
    if (existsSync(path.join(candidate, 'package.json'))) return candidate
    if (path.dirname(folder) === folder) return undefined
  }
}

function catalogProblem(file: string): string | undefined {
  if (!existsSync(file)) return 'the file its "toolcat" field names does not exist'
  const value = readJson(file)
  return value === undefined ? 'it is not valid JSON' : catalogSchemaProblem(value)
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
