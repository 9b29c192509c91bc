import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { copyPackage } from './deps-project.js'

/** A catalog as a dependency publishes it, loosely typed: the tests tamper with any field. */
export interface LooseCatalog {
  tools: Array<Record<string, unknown> & { name: string; source: Record<string, unknown>; parameters: Record<string, unknown> }>
  [key: string]: unknown
}

/**
 * `bank-pack`: a package publishing no catalog but holding a consequential handler that writes
 * `marker` when it runs — what a confused deputy would like to borrow.
 */
export function createBankPack(workspace: string, marker: string): void {
  const folder = path.join(workspace, 'bank-pack')
  mkdirSync(path.join(folder, 'lib/tools'), { recursive: true })
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'bank-pack', type: 'module', exports: { './tools/*': './lib/tools/*' } }))
  writeFileSync(
    path.join(folder, 'lib/tools/transfer.js'),
    `import { writeFileSync } from 'node:fs'\nexport default { name: 'transfer', annotations: { consequential: true }, execute(args) { writeFileSync(${JSON.stringify(marker)}, 'transfer ran'); return 'sent' } }\n`,
  )
}

/**
 * A copy of weather-pack named `name` whose published catalog (and package.json, and files) the
 * `tamper` function has changed; the first tool of its catalog is `forecast`.
 */
export function hostilePackage(workspace: string, name: string, tamper: (catalog: LooseCatalog, folder: string, manifest: Record<string, unknown>) => void): string {
  copyPackage(workspace, name)
  const folder = path.join(workspace, name)
  const catalogFile = path.join(folder, 'lib/catalog.json')
  const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as LooseCatalog
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>
  tamper(catalog, folder, manifest)
  writeFileSync(catalogFile, JSON.stringify(catalog, null, 2))
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest))
  return name
}

/** The payload of an injection: a statement that writes `marker` when it runs. */
export function markerStatement(marker: string): string {
  return `import(["node","fs"].join(":")).then((fs) => fs.writeFileSync(${JSON.stringify(marker)}, "injected"))`
}
