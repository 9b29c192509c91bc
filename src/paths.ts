import path from 'node:path'

/** Forward slashes: every path toolcat emits or generates code with, on every platform (T11). */
export function toPosix(file: string): string {
  return file.split(path.sep).join('/').replaceAll('\\', '/')
}

/** A path relative to `root`, with forward slashes. */
export function relativePath(root: string, file: string): string {
  return toPosix(path.relative(root, file))
}
