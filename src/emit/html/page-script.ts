import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The bundled page scripts: `catalog-page.js` is inlined into catalog.html, `catalog-page-dev.js` is what the vite dev page imports. */
export type PageBundle = 'catalog-page.js' | 'catalog-page-dev.js'

/**
 * Where a bundled page script is: in `dist/runtime/`, built from `page/` by scripts/bundle-runtime.mjs.
 * From the compiled module (dist/src/emit/html/) that is three folders up; from the sources (tests
 * running src/ directly) it is the built copy in dist/.
 */
export function pageBundlePath(bundle: PageBundle): string {
  const compiled = new URL(`../../../runtime/${bundle}`, import.meta.url)
  const fromSources = new URL(`../../../dist/runtime/${bundle}`, import.meta.url)
  return fileURLToPath(import.meta.url.includes('/dist/src/') ? compiled : fromSources)
}

/** The script inlined into catalog.html (a classic script: it runs from `file://` too). */
export function readPageScript(): string {
  const file = pageBundlePath('catalog-page.js')
  try {
    return readFileSync(file, 'utf8')
  } catch {
    throw new Error(`toolcat: the catalog page script ${file} is missing; build the package (npm run build)`)
  }
}
