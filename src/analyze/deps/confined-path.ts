import { lstatSync, realpathSync, type Stats } from 'node:fs'
import path from 'node:path'
import { isInside } from './bounded-read.js'

/** Where a path of a package leads: a regular file inside it, nothing at all, or the reason it is refused. */
export type ConfinedPath = { readonly file: string } | { readonly folder: string } | { readonly absent: true } | { readonly problem: string }

/**
 * Follows `target` (relative to the package's folder, as a manifest writes it: `./lib/x.js` or
 * `lib/x.js`) one path segment at a time, the way a resolver would reach it, and refuses it if it
 * leaves the package: lexically (`..`, an absolute path, another package's `node_modules`) or
 * through any symlink on the way, resolved, leading outside the package's real folder or into a
 * `node_modules` below it. A dangling symlink is refused too: whatever it names can be created
 * later, after every check has passed. A path that stops at a missing entry leads nowhere (a
 * resolver picking it fails the build). `packageReal` is the package folder, symlinks resolved.
 */
export function confinedPath(packageReal: string, target: string): ConfinedPath {
  if (path.isAbsolute(target) || /^[a-zA-Z]:/.test(target)) return { problem: 'is an absolute path' }
  const segments = target.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.')
  if (segments.includes('..')) return { problem: 'leaves the package' }
  if (segments.includes('node_modules')) return { problem: "reaches into another package's node_modules" }
  let at = packageReal
  for (const segment of segments) {
    const next = path.join(at, segment)
    const stat = entryAt(next)
    if (stat === undefined) return { absent: true }
    if (!stat.isSymbolicLink()) {
      at = next
      continue
    }
    let real: string
    try {
      real = realpathSync(next)
    } catch {
      return { problem: 'is a dangling symlink' }
    }
    if (!isInside(packageReal, real) || path.relative(packageReal, real).split(path.sep).includes('node_modules')) {
      return { problem: 'resolves, through a symlink, outside the package' }
    }
    at = real
  }
  const stat = lstatSync(at)
  if (stat.isDirectory()) return { folder: at }
  return stat.isFile() ? { file: at } : { problem: 'is not a regular file' }
}

/** The extensions and index files resolvers try after a path that names nothing (`./lib/x` → `./lib/x.js`). */
const probes = ['.js', '.mjs', '.cjs', '.json', '.ts', '.mts', '.cts', '.tsx', '.jsx', '/index.js', '/index.mjs', '/index.cjs', '/index.json', '/index.ts']

/**
 * `confinedPath`, and, like a resolver that adds extensions and index files, every path a resolver
 * tries after it (each must be confined too): the first problem met, else the first file found.
 */
export function confinedTarget(packageReal: string, target: string): ConfinedPath {
  const exact = confinedPath(packageReal, target)
  if ('problem' in exact || 'file' in exact) return exact
  let found: ConfinedPath = exact
  for (const probe of probes) {
    const tried = confinedPath(packageReal, `${target.replace(/\/$/, '')}${probe}`)
    if ('problem' in tried) return tried
    if ('file' in tried && !('file' in found)) found = tried
  }
  return found
}

/** The entry at `file`, not followed, or undefined when there is none (also below a file: ENOTDIR). */
function entryAt(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}
