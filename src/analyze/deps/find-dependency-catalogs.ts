import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Catalog } from '../../runtime/catalog.js'
import { codes } from '../codes.js'
import type { Diagnostic } from '../diagnostic.js'
import { diagnosticFor } from '../locate.js'
import { maxCatalogBytes, maxManifestBytes, readBoundedJson } from './bounded-read.js'
import { dependencyToolProblems } from './dependency-tool-problems.js'
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
 * publishes no tools; one not installed is skipped with a warning. A catalog is untrusted data,
 * checked before anything is made from it: the field must name a regular file inside the package
 * (read with a size bound), valid against catalog.schema.json, else an error naming the file; each
 * of its tools must pass `dependencyToolProblems`, else it is left out with an error naming the
 * package, the tool and the field. Dependencies are read in name order.
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
    const refuse = (file: string, problem: string): void => {
      scan.diagnostics.push(diagnosticFor(root, file, { code: codes.badDependencyCatalog, message: `the catalog of ${packageName} cannot be merged: ${problem}` }))
    }
    const manifest = readBoundedJson(path.join(folder, 'package.json'), folder, maxManifestBytes)
    if ('problem' in manifest) {
      refuse(path.join(folder, 'package.json'), `its package.json cannot be read: ${manifest.problem}`)
      continue
    }
    const field = objectOrUndefined(manifest.value)?.toolcat
    if (field === undefined) continue
    const file = path.resolve(folder, typeof field === 'string' ? field : '')
    if (typeof field !== 'string') {
      refuse(file, 'its package.json "toolcat" field is not a path')
      continue
    }
    const read = readBoundedJson(file, folder, maxCatalogBytes)
    const problem = 'problem' in read ? `the file its "toolcat" field names cannot be read: ${read.problem}` : catalogSchemaProblem(read.value)
    if (problem !== undefined || !('value' in read)) {
      refuse(file, problem ?? 'it is not a valid catalog')
      continue
    }
    const catalog = read.value as Catalog
    const pkg = { name: packageName, folder, manifest: objectOrUndefined(manifest.value) ?? {} }
    const tools = catalog.tools.filter((tool, index) => {
      const problems = dependencyToolProblems(tool, pkg, `/tools/${index}`)
      for (const { field, problem } of problems) {
        scan.diagnostics.push(diagnosticFor(root, file, {
          code: codes.badDependencyCatalog,
          message: `tool ${JSON.stringify(tool.name)} of package ${packageName} is refused: ${field} ${problem}`,
          hint: 'a dependency catalog may only describe the package\'s own tool modules (see the Security section of the README)',
        }))
      }
      return problems.length === 0
    })
    scan.catalogs.push({ packageName, catalog: { ...catalog, tools } })
  }
  return scan
}

function dependencyNames(root: string): string[] {
  const dependencies = readJson(path.join(root, 'package.json'))?.dependencies
  return typeof dependencies === 'object' && dependencies !== null ? Object.keys(dependencies) : []
}

/** Node's lookup: `node_modules/<name>` in the root or the nearest folder above holding it. */
export function installedFolder(root: string, packageName: string): string | undefined {
  for (let folder = root; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'node_modules', packageName)
    if (existsSync(path.join(candidate, 'package.json'))) return candidate
    if (path.dirname(folder) === folder) return undefined
  }
}

/** The app's own package.json: trusted, but maybe not there or not JSON. */
function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return objectOrUndefined(JSON.parse(readFileSync(file, 'utf8')))
  } catch {
    return undefined
  }
}

function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}
