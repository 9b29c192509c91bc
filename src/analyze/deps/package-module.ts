import { realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { isInside } from './bounded-read.js'

/** Characters a module path of a dependency never needs: a scheme, a query, a fragment, escapes, control characters. */
const unsafeCharacter = /[\\:?#%\u0000-\u001f\u007f]/

/**
 * Why `module` is not a plain relative path inside a package (no scheme, no absolute path, no
 * `.`/`..`/empty segment, no `node_modules` — another package's folder), or undefined when it is.
 */
export function relativeModuleProblem(module: string): string | undefined {
  if (module === '') return 'is empty'
  if (unsafeCharacter.test(module)) return 'holds a scheme, query, escape or control character'
  if (module.startsWith('/')) return 'is an absolute path'
  const segments = module.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return 'holds an empty, "." or ".." segment'
  if (segments.includes('node_modules')) return "reaches into another package's node_modules"
  return undefined
}

/**
 * Resolves `<package>/<subpath>` the way an import of it resolves — through the package's own
 * `exports` when it has them, else to the file itself — and confines it: every target the
 * `exports` entry could lead to (under any condition) is a `./` path without `..` or
 * `node_modules`, and the file the specifier reaches, symlinks resolved, is a regular file inside
 * the package's folder. Returns the problem, or undefined when the module is the package's own.
 */
export function packageModuleProblem(folder: string, exports: unknown, subpath: string): string | undefined {
  const targets = exports === undefined ? [`./${subpath}`] : exportTargets(exports, `./${subpath}`)
  if (targets === undefined || targets.length === 0) return "is not exported by the package's \"exports\""
  for (const target of targets) {
    if (!target.startsWith('./') || relativeModuleProblem(target.slice(2)) !== undefined) return `is exported as ${JSON.stringify(target)}, which leaves the package`
  }
  const packageFolder = realpathSync(folder)
  let existing = 0
  for (const target of targets) {
    let real: string
    try {
      real = realpathSync(path.join(folder, target))
    } catch {
      continue
    }
    if (!isInside(packageFolder, real) || path.relative(packageFolder, real).split(path.sep).includes('node_modules')) {
      return 'resolves, through a symlink, outside the package'
    }
    if (!statSync(real).isFile()) return 'does not resolve to a file'
    existing++
  }
  return existing === 0 ? 'does not resolve to a file of the package' : undefined
}

/**
 * Every string target the `exports` field maps `request` (`./…`) to, under any condition and in
 * any fallback array, with a subpath pattern's `*` replaced; undefined when no key matches or the
 * match is `null` (not exported).
 */
function exportTargets(exports: unknown, request: string): string[] | undefined {
  const map = subpathMap(exports)
  if (Object.hasOwn(map, request) && !request.includes('*')) return leafTargets(map[request], undefined)
  let best: { key: string; star: string } | undefined
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*')
    if (star < 0 || key.indexOf('*', star + 1) >= 0) continue
    const prefix = key.slice(0, star)
    const suffix = key.slice(star + 1)
    if (!request.startsWith(prefix) || !request.endsWith(suffix) || request.length < key.length) continue
    // Node prefers the longest prefix, then the longest key.
    if (best === undefined || prefix.length > best.key.indexOf('*') || (prefix.length === best.key.indexOf('*') && key.length > best.key.length)) {
      best = { key, star: request.slice(prefix.length, request.length - suffix.length) }
    }
  }
  return best === undefined ? undefined : leafTargets(map[best.key], best.star)
}

/** The `exports` field as a map of subpaths: a string, an array or a conditions object maps `.` alone. */
function subpathMap(exports: unknown): Record<string, unknown> {
  if (typeof exports === 'object' && exports !== null && !Array.isArray(exports) && Object.keys(exports).some((key) => key.startsWith('.'))) {
    return exports as Record<string, unknown>
  }
  return { '.': exports }
}

function leafTargets(target: unknown, star: string | undefined): string[] | undefined {
  if (target === null) return undefined
  if (typeof target === 'string') return [star === undefined ? target : target.replaceAll('*', star)]
  if (typeof target !== 'object' || target === undefined) return []
  const branches = Array.isArray(target) ? target : Object.values(target as Record<string, unknown>)
  return branches.flatMap((branch) => leafTargets(branch, star) ?? [])
}
