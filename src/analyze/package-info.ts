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

let ownVersion: string | undefined

/**
 * toolcat's own version, from its package.json: found by walking up from this module, so it
 * works from `src/analyze/` (tests) and `dist/src/analyze/` (installed) alike.
 */
export function toolcatVersion(): string {
  if (ownVersion !== undefined) return ownVersion
  let folder = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const info = readPackageInfo(folder)
    if (info?.name === 'toolcat') return (ownVersion = info.version ?? '0.0.0')
    const parent = path.dirname(folder)
    if (parent === folder) throw new Error('toolcat: cannot find its own package.json')
    folder = parent
  }
}
