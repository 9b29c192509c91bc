import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs'
import path from 'node:path'

/** The largest dependency catalog read: a catalog of tens of thousands of tools fits; `/dev/zero` does not. */
export const maxCatalogBytes = 64 * 1024 * 1024

/** The largest dependency package.json read. */
export const maxManifestBytes = 1024 * 1024

/** A JSON file's value, or why it was not read. */
export type BoundedJson = { readonly value: unknown } | { readonly problem: string }

/**
 * Reads a JSON file of an untrusted package: the path, symlinks resolved, must stay inside `folder`
 * (also resolved), name a regular file (not a device such as `/dev/zero`, a FIFO, a folder) and
 * hold at most `maxBytes`. The file is opened without blocking and checked through its open
 * descriptor before a byte is read, and no more than `maxBytes` are ever read, so whatever the
 * path names, the answer comes at once.
 */
export function readBoundedJson(file: string, folder: string, maxBytes: number): BoundedJson {
  let real: string
  try {
    real = realpathSync(file)
  } catch {
    return { problem: 'the file does not exist' }
  }
  if (!isInside(realpathSync(folder), real)) return { problem: 'the file is outside the package' }
  let descriptor: number
  try {
    descriptor = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    return { problem: `the file cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})` }
  }
  try {
    const stats = fstatSync(descriptor)
    if (!stats.isFile()) return { problem: 'it is not a regular file' }
    if (stats.size > maxBytes) return { problem: `it is larger than ${maxBytes} bytes` }
    const buffer = Buffer.alloc(stats.size)
    let length = 0
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, length)
      if (read === 0) break
      length += read
    }
    try {
      return { value: JSON.parse(buffer.toString('utf8', 0, length)) as unknown }
    } catch {
      return { problem: 'it is not valid JSON' }
    }
  } finally {
    closeSync(descriptor)
  }
}

/** Whether `file` is `folder` itself or below it (both absolute, symlinks already resolved). */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file)
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative))
}
