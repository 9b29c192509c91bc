import type { CatalogTool } from '../../runtime/catalog.js'
import { codes } from '../codes.js'
import type { Diagnostic } from '../diagnostic.js'
import { publishedPath } from './dependency-tool-problems.js'
import type { DependencyCatalog } from './find-dependency-catalogs.js'

/** A catalog entry before hashing, as the analyzer assembles them. */
export type CatalogEntry = Omit<CatalogTool, 'hash'>

/** Tool names are identity (T1): a prefix must keep them valid. */
const toolName = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/

/**
 * Adds the dependencies' tools to the app's entries. A tool is renamed with its package's prefix,
 * when one is given; its source becomes the package specifier it is imported by. A name already
 * taken — by the app or an earlier dependency — is an error naming both owners, and the later tool
 * is left out, so the app's own tools always keep their names.
 */
export function mergeDependencyTools(
  own: readonly CatalogEntry[],
  dependencies: readonly DependencyCatalog[],
  prefixes: Readonly<Record<string, string>>,
): { entries: CatalogEntry[]; diagnostics: Diagnostic[] } {
  const owners = new Map(own.map((entry) => [entry.name, `the app (${entry.source.module})`]))
  const entries = [...own]
  const diagnostics: Diagnostic[] = []
  for (const { packageName, catalog } of dependencies) {
    const prefix = Object.hasOwn(prefixes, packageName) ? (prefixes[packageName] ?? '') : ''
    for (const { hash: _hash, ...tool } of catalog.tools) {
      const name = prefix + tool.name
      const owner = owners.get(name)
      if (owner !== undefined || !toolName.test(name)) {
        diagnostics.push(owner === undefined ? invalidName(name, packageName) : clash(name, packageName, owner))
        continue
      }
      owners.set(name, `package ${packageName}`)
      entries.push({ ...tool, name, source: packageSource(tool.source, packageName) })
    }
  }
  return { entries, diagnostics }
}

/**
 * `<package>/<module>`, the module's TypeScript extension swapped for the JavaScript one it is
 * published as. The tool was checked to be the package's own (see `dependencyToolProblems`).
 */
function packageSource(source: CatalogTool['source'], packageName: string): CatalogTool['source'] {
  return { module: `${packageName}/${publishedPath(source.module)}`, export: source.export, package: packageName }
}

function clash(name: string, packageName: string, owner: string): Diagnostic {
  return {
    code: codes.dependencyNameClash,
    severity: 'error',
    message: `tool name ${JSON.stringify(name)} of package ${packageName} is already taken by ${owner}`,
    hint: `give the package's tools a prefix: --deps-prefix ${packageName}=<prefix> (plugin: deps: { prefix: { ${JSON.stringify(packageName)}: '<prefix>' } })`,
  }
}

function invalidName(name: string, packageName: string): Diagnostic {
  return {
    code: codes.invalidName,
    severity: 'error',
    message: `tool name ${JSON.stringify(name)} of package ${packageName} does not match ${toolName.source}`,
    hint: 'choose a prefix of letters, digits, _ or - that keeps names within 64 characters',
  }
}
