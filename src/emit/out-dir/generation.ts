import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import path from 'node:path'
import { commitStep } from '../shared/commit-step.js'

// One build of an output folder is one generation: a folder `.toolcat-build-<hash>` inside it that
// holds every file that build made (catalog.json, catalog.js, registry.js, search.js, their types
// and the compiled modules under tools/). The folder's public files only lead into a generation:
// the `.js` and `.d.ts` ones are fixed two-line modules re-exporting it, catalog.json a symlink to
// it. In the linked layout they lead through `.toolcat-current`, a symlink to the generation, so a
// build commits by replacing that one link with a rename — a kill at any instant leaves the old
// build or the new one, whole. See `writeOutDir` for the commit and `chooseLayout` for when the
// public files name the generation directly instead.

/** The prefix of a generation folder's name: `.toolcat-build-<16 hex digits>`. */
export const generationPrefix = '.toolcat-build-'

/** The symlink in a linked-layout output folder that names the committed generation; replacing it is the commit. */
export const currentLink = '.toolcat-current'

const GENERATION = /^\.toolcat-build-[0-9a-f]{16}$/
const NAMED_GENERATION = /\.toolcat-build-[0-9a-f]{16}/g

/** The content hash of one file, as `generationName` and a build cache compare it. */
export function fileContentHash(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 32)
}

/**
 * The name of the generation folder for a build's files (`hashes`: each one's `fileContentHash`, by
 * path relative to the folder): a hash of every path and content hash, so the same build gives the
 * same name and any change a new one. Nothing a generation holds names the generation itself (its
 * modules import each other by relative paths), so the name is free of circles.
 */
export function generationName(hashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256')
  for (const file of [...hashes.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${file}\0${hashes.get(file)}\0`)
  return `${generationPrefix}${hash.digest('hex').slice(0, 16)}`
}

/** Whether `name` (one path segment) is a generation folder's. */
export function isGenerationName(name: string): boolean {
  return GENERATION.test(name)
}

/**
 * The generations the output folder's public files may lead to now: the target of
 * `.toolcat-current`, and any generation the public modules or the manifest name (the direct
 * layout's, or a build killed half-way through changing layouts). These are never swept.
 */
export function liveGenerations(outDir: string, publicFiles: readonly string[], manifest: ReadonlySet<string>): Set<string> {
  const live = new Set<string>()
  const linked = linkedGeneration(outDir)
  if (linked !== undefined) live.add(linked)
  for (const file of publicFiles) {
    try {
      for (const name of readFileSync(path.join(outDir, file), 'utf8').match(NAMED_GENERATION) ?? []) live.add(name)
    } catch {
      // Not there (yet): names nothing.
    }
  }
  for (const file of manifest) {
    const first = file.split('/')[0] as string
    if (isGenerationName(first)) live.add(first)
  }
  return live
}

/**
 * The generation `.toolcat-current` leads to, if it is one of `outDir`'s: as toolcat writes it
 * (the folder's name), or made absolute by a copy (Node's `cpSync` rewrites links so).
 */
function linkedGeneration(outDir: string): string | undefined {
  try {
    const target = path.resolve(outDir, readlinkSync(path.join(outDir, currentLink)))
    const name = path.basename(target)
    return isGenerationName(name) && path.dirname(target) === path.resolve(outDir) ? name : undefined
  } catch {
    return undefined // no link: the direct layout, or no build yet
  }
}

/** The committed generation: the one `.toolcat-current` names, else the one the manifest lists (the direct layout). */
export function committedGeneration(outDir: string, manifest: ReadonlySet<string>): string | undefined {
  const linked = linkedGeneration(outDir)
  if (linked !== undefined) return linked
  for (const file of manifest) {
    const first = file.split('/')[0] as string
    if (isGenerationName(first)) return first
  }
  return undefined
}

/**
 * Removes the generation folders of `outDir` that no public file can lead to (`live` keeps the
 * rest): a killed build's, renamed in but never committed, or the one a commit just replaced. Each
 * removal is a step of the commit (see `KILL_AT_COMMIT_STEP`).
 */
export function sweepGenerations(outDir: string, live: ReadonlySet<string>): string[] {
  let names: string[]
  try {
    names = readdirSync(outDir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names.sort()) {
    if (!isGenerationName(name) || live.has(name)) continue
    commitStep()
    rmSync(path.join(outDir, name), { recursive: true, force: true, maxRetries: 3 })
    removed.push(name)
  }
  return removed
}
