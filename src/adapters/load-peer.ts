/**
 * Imports a framework an adapter is built on, an optional peer dependency of toolcat. When it is
 * not installed the import fails with one line naming the package to install, instead of the
 * module resolver's message about a file inside toolcat.
 */
export async function loadPeer<M>(load: () => Promise<M>, adapter: string, pkg: string): Promise<M> {
  try {
    return await load()
  } catch (error) {
    if (!isMissingPackage(error, pkg)) throw error
    throw new Error(`toolcat/${adapter} needs the package ${pkg}, which is not installed: npm install ${pkg}`)
  }
}

/** A resolver's "not found" for the package itself (Node: ERR_MODULE_NOT_FOUND; browsers: a TypeError naming it). */
function isMissingPackage(error: unknown, pkg: string): boolean {
  if (!(error instanceof Error) || !error.message.includes(pkg)) return false
  const code = (error as { code?: unknown }).code
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || (code === undefined && error instanceof TypeError)
}
