import { realpathSync } from 'node:fs'
import path from 'node:path'
import { confinedTarget } from './confined-path.js'
import { allTargets, exportTargets } from './exports-targets.js'

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

/** The installed package a tool module belongs to: its name, folder and parsed package.json. */
export interface PackageManifest {
  readonly name: string
  readonly folder: string
  readonly manifest: Readonly<Record<string, unknown>>
}

/**
 * Resolves `<package>/<subpath>` as every resolver a build may use would, and confines it: the
 * files its `exports` entry leads to under every condition (or, without `exports`, the file
 * itself; also the file itself for resolvers that ignore `exports`), each remapped again by the
 * `browser` field as bundlers targeting browsers do, must stay inside the package's real folder,
 * symlinks resolved, with no dangling symlink on the way; at least one must be a regular file.
 * The fields that resolve the package's other specifiers (`main`, `module`, a `browser` string,
 * every `exports` and `imports` target, every path the `browser` object maps to) must stay inside
 * it too: a manifest pointing outside its package is never a package's own code. Returns the
 * problem, or undefined when the module is the package's own.
 */
export function packageModuleProblem(pkg: PackageManifest, subpath: string): string | undefined {
  const packageReal = realpathSync(pkg.folder)
  const { exports } = pkg.manifest
  const exported = exports === undefined ? [`./${subpath}`] : exportTargets(exports, `./${subpath}`)
  if (exported === undefined || exported.length === 0) return "is not exported by the package's \"exports\""
  for (const target of exported) {
    if (!target.startsWith('./')) return `is exported as ${JSON.stringify(target)}, which leaves the package`
  }
  const fields = fieldProblem(pkg.manifest, packageReal)
  if (fields !== undefined) return fields
  let files = 0
  for (const target of exported) {
    const reached = confinedTarget(packageReal, target)
    if ('problem' in reached) return target === `./${subpath}` ? reached.problem : `is exported as ${JSON.stringify(target)}, which ${reached.problem}`
    if ('file' in reached) files++
  }
  if (files === 0) return 'does not resolve to a file of the package'
  // Resolvers that ignore `exports` (or a browser field keyed by the specifier's own subpath) reach the path as written.
  const written = confinedTarget(packageReal, subpath)
  if ('problem' in written) return written.problem
  return browserMapProblem(pkg, [subpath, ...exported])
}

/** What a `browser` map entry, a path of the package's manifest, is called in a refusal. */
const where = (field: string, key?: string): string => (key === undefined ? `the package.json "${field}" field` : `the package.json "${field}" field's ${JSON.stringify(key)}`)

/**
 * The first path named by `main`, `module`, a `browser` string or object, `exports` or `imports`
 * that leaves the package (lexically, or through a symlink, or a dangling one); bare package names
 * (`"#dep": "other-package"`, `"fs": false`) are the package's code importing others, not paths.
 */
function fieldProblem(manifest: Readonly<Record<string, unknown>>, packageReal: string): string | undefined {
  const paths: { label: string; target: string }[] = []
  for (const field of ['main', 'module', 'browser']) {
    const value = manifest[field]
    if (typeof value === 'string') paths.push({ label: where(field), target: value })
  }
  const browser = manifest.browser
  if (typeof browser === 'object' && browser !== null) {
    for (const [key, value] of Object.entries(browser)) if (typeof value === 'string' && isPath(value)) paths.push({ label: where('browser', key), target: value })
  }
  for (const field of ['exports', 'imports']) {
    for (const target of allTargets(manifest[field])) if (isPath(target) || field === 'exports') paths.push({ label: where(field), target })
  }
  for (const { label, target } of paths) {
    const reached = confinedTarget(packageReal, target.replaceAll('*', '_'))
    if ('problem' in reached) return `cannot be trusted: ${label} names ${JSON.stringify(target)}, which ${reached.problem}`
  }
  return undefined
}

/**
 * A `browser` object keyed by one of the module's paths (`candidates`, relative to the package,
 * with or without the extension, or the package specifier itself) must map it to a path of the
 * package: `false` would make it an empty module in browser builds, a package name another
 * package's module.
 */
function browserMapProblem(pkg: PackageManifest, candidates: readonly string[]): string | undefined {
  const browser = pkg.manifest.browser
  if (typeof browser !== 'object' || browser === null) return undefined
  const forms = new Set<string>()
  for (const candidate of candidates) {
    const form = stem(candidate)
    forms.add(form).add(`${pkg.name}/${form}`)
  }
  for (const [key, value] of Object.entries(browser)) {
    if (!forms.has(stem(key))) continue
    if (value === false) return `is mapped to false (an empty module in browser builds) by ${where('browser', key)}`
    if (typeof value === 'string' && !isPath(value)) return `is mapped to the package ${JSON.stringify(value)} by ${where('browser', key)}`
  }
  return undefined
}

/**
 * What a `browser` key or a module path is compared by: normalized, without a trailing
 * `/index.<ext>` or `.<ext>` — vite, for one, matches a key with or without `.js` or `/index.js`,
 * and finding more keys that match only means refusing more.
 */
function stem(file: string): string {
  return path.posix.normalize(file).replace(/\/index(\.[^./]+)?$/, '').replace(/\.[^./]+$/, '')
}

/** A relative or absolute path, as resolvers read a field's value; anything else names a package. */
function isPath(value: string): boolean {
  return value.startsWith('./') || value.startsWith('../') || value === '.' || value === '..' || value.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(value)
}
