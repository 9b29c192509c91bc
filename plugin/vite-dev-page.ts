import type { ViteDevServer } from 'vite'
import { generateDevPageHtml } from '../src/emit/html/generate-dev-page.js'
import { DEV_PAGE_ID } from './ids.js'

/** Where vite dev serves the catalog page, under the app's `base`. */
export const DEV_PAGE_PATH = '__toolcat/'

/**
 * Serves the try-it page at `<base>__toolcat/` on a vite dev server (`/__toolcat` redirects there).
 * The HTML goes through vite's `transformIndexHtml`, which adds its HMR client; the page's module
 * (`~toolcat/dev-page`) is served as any module of the app, so it imports the app's registry.
 */
export function serveDevPage(server: ViteDevServer): void {
  const base = server.config.base.endsWith('/') ? server.config.base : `${server.config.base}/`
  const page = `${base}${DEV_PAGE_PATH}`
  server.middlewares.use((request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://dev.invalid')
    if (url.pathname === page.slice(0, -1)) {
      response.writeHead(302, { location: page + url.search })
      response.end()
      return
    }
    if (url.pathname !== page && url.pathname !== `${page}index.html`) return next()
    server
      .transformIndexHtml(url.pathname, generateDevPageHtml(`${base}@id/${DEV_PAGE_ID}`), request.originalUrl)
      .then((html) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
        response.end(html)
      })
      .catch(next)
  })
  // Said under vite's own list of URLs.
  const printUrls = server.printUrls.bind(server)
  server.printUrls = () => {
    printUrls()
    const local = server.resolvedUrls?.local[0]
    if (local !== undefined) server.config.logger.info(`  ➜  toolcat: ${new URL(DEV_PAGE_PATH, local).href}`)
  }
}
