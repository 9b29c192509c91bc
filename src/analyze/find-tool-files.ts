import { readdirSync } from 'node:fs'
import path from 'node:path'

const toolExtension = /\.(ts|tsx|mts)$/
const notToolModule = /\.d\.(ts|mts)$|\.(test|spec)\.[cm]?tsx?$/

/** Whether a file name is a candidate tool module: TypeScript, not a declaration file, not a test. */
export function isToolModuleName(file: string): boolean {
  return toolExtension.test(file) && !notToolModule.test(file)
}

/** Where tool modules are looked for: one folder, or glob patterns (absolute). */
export type ToolsLocation = { readonly folder: string } | { readonly patterns: readonly string[] }

/** The absolute paths of the candidate tool modules, sorted so every run sees them in one order. */
export function findToolFiles(location: ToolsLocation): string[] {
  if ('folder' in location) return walk(location.folder).filter(isToolModuleName).sort()
  const found = new Set<string>()
  for (const pattern of location.patterns) {
    const matcher = globMatcher(pattern)
    for (const file of walk(globBase(pattern))) if (matcher(file) && isToolModuleName(file)) found.add(file)
  }
  return [...found].sort()
}

/** Whether `file` (absolute) is a tool module of `location`, for files added while watching. */
export function isInToolsLocation(location: ToolsLocation, file: string): boolean {
  if (!isToolModuleName(file)) return false
  if ('folder' in location) return !path.relative(location.folder, file).startsWith('..')
  return location.patterns.some((pattern) => globMatcher(pattern)(file))
}

function walk(folder: string): string[] {
  let entries
  try {
    entries = readdirSync(folder, { withFileTypes: true })
  } catch (error) {
    // `tools` may name a single tool file: its only candidate is itself.
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? [folder] : []
  }
  return entries.flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full)
    return entry.isFile() ? [full] : []
  })
}

/** The folder before the first glob character: the only part of the tree worth walking. */
export function globBase(pattern: string): string {
  const segments = pattern.split(/[\\/]/)
  const firstGlob = segments.findIndex((segment) => /[*?{[]/.test(segment))
  return segments.slice(0, firstGlob < 0 ? segments.length : firstGlob).join('/') || '/'
}

const wildcards: Readonly<Record<string, string>> = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' }

/** Translates `*`, `**`, `?` and `{a,b}` into a regular expression over forward-slash paths. */
function globMatcher(pattern: string): (file: string) => boolean {
  let braces = 0
  // Tokens are replaced left to right, so the brace depth is known when a comma is met.
  const source = pattern.split(path.sep).join('/').replace(/\*\*\/|\*\*|[*?{},.+^$()|[\]\\]/g, (token) => {
    if (token === '{') {
      braces++
      return '(?:'
    }
    if (token === '}' && braces > 0) {
      braces--
      return ')'
    }
    if (token === ',') return braces > 0 ? '|' : ','
    return wildcards[token] ?? `\\${token}`
  })
  const regex = new RegExp(`^${source}$`)
  return (file) => regex.test(file.split(path.sep).join('/'))
}
