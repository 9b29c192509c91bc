import { realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { isInside } from './bounded-read.js'
import { installedFolder } from './find-dependency-catalogs.js'

/**
 * Why the file a bundler resolved a dependency's tool module to (`file`, absolute) is not that
 * package's own, or undefined when it is: a regular file inside the installed package's real
 * folder (`node_modules/<name>` nearest `root`, symlinks resolved), not in a `node_modules` below
 * it. A bundler's resolver may read fields or options toolcat's checks do not model (an alias, a
 * custom alias field, a plugin); whatever it picked, this is checked last.
 */
export function resolutionProblem(root: string, packageName: string, file: string): string | undefined {
  const folder = installedFolder(root, packageName)
  if (folder === undefined) return `the package ${packageName} is not installed`
  let real: string
  try {
    real = realpathSync(file)
  } catch {
    return `it resolved to ${file}, which does not exist`
  }
  const packageReal = realpathSync(folder)
  if (!isInside(packageReal, real) || path.relative(packageReal, real).split(path.sep).includes('node_modules')) {
    return `it resolved to ${real}, outside the package ${packageName} (${packageReal})`
  }
  return statSync(real).isFile() ? undefined : `it resolved to ${real}, which is not a file`
}
