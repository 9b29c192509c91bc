import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { relativePath } from '../../paths.js'
import type { FileToWrite } from '../shared/write-files.js'

/** What the output folder needs so that Node loads its `.js` files as the ES modules they are. */
export interface ModuleTypeDecision {
  /** The `package.json` to write into the output folder, when the folder's nearest one would not say `"type": "module"`. */
  readonly marker?: FileToWrite
  /** Why, in a sentence for the build's output (paths relative to `root`). */
  readonly reason?: string
}

/** The marker's bytes: the one field that matters, and a line saying where it comes from. */
export const moduleMarkerContents = `${JSON.stringify({ '//': 'written by toolcat build: the .js files here are ES modules', type: 'module' }, null, 2)}\n`

/**
 * Decides how the generated `.js` modules (ESM) load where they are put. Node reads a `.js` file as
 * CommonJS unless the nearest package.json says `"type": "module"` — and `npm init -y` writes
 * `"type": "commonjs"` — so when the nearest package.json above the folder says anything else, or
 * there is none, the folder gets its own `package.json` with `"type": "module"`. A package.json
 * already in the folder that toolcat did not write is the user's: it is respected, and it is an
 * error for it to say otherwise than `"module"`.
 */
export function decideModuleType(outDir: string, root: string, ownedBefore: ReadonlySet<string>): ModuleTypeDecision {
  const own = path.join(outDir, 'package.json')
  if (existsSync(own) && !ownedBefore.has('package.json')) {
    const type = packageType(own)
    if (type === 'module') return {}
    throw new Error(`${relativePath(root, own)} says ${describe(type)}, but the files toolcat writes there are ES modules: set "type": "module" in it, or remove it and toolcat will write one`)
  }
  const nearest = nearestPackageJson(path.dirname(outDir))
  const type = nearest === undefined ? undefined : packageType(nearest)
  if (type === 'module') return {}
  const where = nearest === undefined ? 'no package.json above it' : `${relativePath(root, nearest) || 'package.json'} says ${describe(type)}`
  return {
    marker: { path: own, contents: moduleMarkerContents },
    reason: `${relativePath(root, own)} sets "type": "module" for the generated ES modules (${where})`,
  }
}

function nearestPackageJson(from: string): string | undefined {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json')
    if (existsSync(file)) return file
    if (path.dirname(folder) === folder) return undefined
  }
}

function packageType(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type
  } catch {
    return undefined
  }
}

function describe(type: unknown): string {
  return type === undefined ? 'no "type" (so CommonJS)' : `"type": ${JSON.stringify(type)}`
}
