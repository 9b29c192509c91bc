import { lstatSync, readFileSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs'
import path from 'node:path'
import { commitStep } from '../shared/commit-step.js'
import type { FileToWrite } from '../shared/write-files.js'

/** The file in an output folder that lists what toolcat wrote there, so the next build can remove what it no longer writes. */
export const manifestName = '.toolcat-manifest.json'

/**
 * The files a previous build recorded as its own, relative to `outDir` with forward slashes; none
 * when there is no manifest or it cannot be read (nothing is then removed: only what toolcat
 * provably wrote is ever deleted).
 */
export function readManifest(outDir: string): Set<string> {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path.join(outDir, manifestName), 'utf8'))
  } catch {
    return new Set()
  }
  const files = (value as { files?: unknown } | null)?.files
  if (!Array.isArray(files)) return new Set()
  return new Set(files.filter((file): file is string => typeof file === 'string' && isInside(file)))
}

/** The manifest of this build: every file it writes in `outDir` (relative paths), sorted, with no timestamp. */
export function manifestFile(outDir: string, files: readonly string[]): FileToWrite {
  const sorted = [...new Set(files)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return { path: path.join(outDir, manifestName), contents: `${JSON.stringify({ generator: 'toolcat', files: sorted }, null, 2)}\n` }
}

/**
 * Deletes the files of the previous build that this one no longer writes (a deleted tool's module
 * and validator, a chunk whose hash changed), then the folders that held only them. Anything not
 * listed in the previous manifest, and anything that is no longer a plain file or a symlink (a
 * folder put in a file's place), stays.
 * Returns the removed paths, relative to `outDir`.
 */
export function removeStaleFiles(outDir: string, previous: ReadonlySet<string>, current: readonly string[]): string[] {
  const kept = new Set(current)
  const removed: string[] = []
  const folders = new Set<string>()
  for (const file of previous) {
    if (kept.has(file)) continue
    const absolute = path.join(outDir, file)
    const stat = lstatSync(absolute, { throwIfNoEntry: false })
    if (stat === undefined || !(stat.isFile() || stat.isSymbolicLink())) continue
    // A plain file or a link (checked above): one unlink, not rmSync's walk, thousands of times over.
    if (!unlinked(absolute)) continue
    // A kill from here on leaves the previous build half removed: nothing imports it any more.
    if (removed.length === 0) commitStep()
    removed.push(file)
    for (let folder = path.dirname(file); folder !== '.'; folder = path.dirname(folder)) folders.add(folder)
  }
  // Deepest first, so a folder emptied by removing its empty subfolders goes too.
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) removeIfEmpty(path.join(outDir, folder))
  return removed.sort()
}

/** Unlinks a file; false when it is gone already (as `rmSync`'s `force` allowed), any other failure thrown. */
function unlinked(file: string): boolean {
  try {
    unlinkSync(file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

function removeIfEmpty(folder: string): void {
  try {
    if (readdirSync(folder).length === 0) rmdirSync(folder)
  } catch {
    // Gone already, or not a folder any more: nothing of ours to tidy.
  }
}

/** A manifest entry must stay inside the output folder, whatever the file says. */
function isInside(file: string): boolean {
  return file !== '' && !path.isAbsolute(file) && !file.split(/[\\/]/).some((segment) => segment === '..' || segment === '')
}
