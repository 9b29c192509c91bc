import { dirname, join } from 'node:path'
import { writeFilesAtomically } from '../src/emit/shared/write-files.js'

/** The name of the catalog every build writes into its output folder. */
export const CATALOG_FILE = 'catalog.json'

/**
 * vite drops the assets of a build whose environment does not emit them (an SSR build without
 * `build.ssrEmitAssets`, or another server environment), `catalog.json` with them. Called once the
 * bundle is written: when the catalog this environment emitted is no longer in the bundle, it is
 * written into the output folder here, with the same bytes.
 */
export function writeDroppedCatalog(output: { readonly dir?: string; readonly file?: string }, bundle: object, catalog: string | undefined): void {
  if (catalog === undefined || CATALOG_FILE in bundle) return
  const folder = output.dir ?? (output.file === undefined ? undefined : dirname(output.file))
  if (folder !== undefined) writeFilesAtomically([{ path: join(folder, CATALOG_FILE), contents: catalog }])
}
