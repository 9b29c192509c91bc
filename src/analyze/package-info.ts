import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The name and version fields of a package.json, when readable. */
export interface PackageInfo {
  readonly name: string
  readonly version?: string
}

/** Reads `<folder>/package.json`; undefined when it is missing, unreadable or has no name. */
export function readPackageInfo(folder: string): PackageInfo | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { name, version } = parsed as Record<string, unknown>
  if (typeof name !== 'string') return undefined
  return typeof version === 'string' ? { name, version } : { name }
}

let own: { readonly version: string; readonly folder: string } | undefined

/** toolcat's own package.json (version and folder), found by walking up from this module. */
function ownPackage(): { readonly version: string; readonly folder: string } {
  if (own !== undefined) return own
  let folder = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const info = readPackageInfo(folder)
    if (info?.name === 'toolcat') return (own = { version: info.version ?? '0.0.0', folder })
    const parent = path.dirname(folder)
    if (parent === folder) throw new Error('toolcat: cannot find its own package.json')
    folder = parent
  }
}

/**
 * toolcat's own version, from its package.json: found by walking up from this module, so it
 * works from `src/analyze/` (tests) and `dist/src/analyze/` (installed) alike.
 */
export function toolcatVersion(): string {
  return ownPackage().version
}

let ownBuild: string | undefined

/**
 * What build caches key on for toolcat itself: its version and the content hash of its compiled
 * code (`dist/build-id`, written by `npm run build`), so a cache never outlives a change of
 * toolcat even between two builds of one version (a checkout, a local patch). Running from the
 * sources (no `dist/build-id`), the version alone.
 */
export function toolcatBuild(): string {
  if (ownBuild !== undefined) return ownBuild
  const { version, folder } = ownPackage()
  let id = ''
  try {
    id = readFileSync(path.join(folder, 'dist', 'build-id'), 'utf8').trim()
  } catch {
    // Not built: the sources are what runs.
  }
  return (ownBuild = id === '' ? version : `${version}+${id}`)
}
