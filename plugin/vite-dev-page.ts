import type { ViteDevServer } from 'vite'
import { generateDevPageHtml } from '../src/emit/html/generate-dev-page.js'
import { DEV_PAGE_ID } from './ids.js'

/** Where vite dev serves the catalog page, under the app's `base`. */
export const DEV_PAGE_PATH = '__toolcat/'

/**
 * Serves the try-it page at `<base>__toolcat/` on a vite dev server (`/__toolcat` redirects there).
 * The HTML goes through vite's `transformIndexHtml`, which adds its HMR client; the page's module
 * (`~toolcat/dev-page`) is served as any module of the app, so it imports the app's registry.
 * The page runs the app's tools and has a Run button: it may not be framed (`frame-ancestors
 * 'none'`, `X-Frame-Options: DENY`: no other site can lay it under a decoy and have it clicked),
 * and neither it nor a toolcat module is served to a request from another origin. Only the dev
 * server (`configureServer`) installs this: `vite preview` and builds have no page. While the
 * build has errors, `failure()` gives their text, and the page shows it instead of the tools.
 */
export function serveDevPage(server: ViteDevServer, failure: () => string | undefined): void {
  const base = server.config.base.endsWith('/') ? server.config.base : `${server.config.base}/`
  const page = `${base}${DEV_PAGE_PATH}`
  server.middlewares.use((request, response, next) => {
    const url = new URL(request.url ?? '/', 'http://dev.invalid')
    const ours = url.pathname.startsWith(page.slice(0, -1)) || isToolcatModule(url.pathname)
    if (ours && fromAnotherOrigin(request.headers, server)) {
      response.writeHead(403, { 'content-type': 'text/plain', ...noFraming })
      response.end('toolcat: the try-it page and its modules are served to this dev server\'s own pages only\n')
      return
    }
    if (url.pathname === page.slice(0, -1)) {
      response.writeHead(302, { location: page + url.search })
      response.end()
      return
    }
    if (url.pathname !== page && url.pathname !== `${page}index.html`) return next()
    server
      .transformIndexHtml(url.pathname, generateDevPageHtml(`${base}@id/${DEV_PAGE_ID}`, failure()), request.originalUrl)
      .then((html) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...noFraming })
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

/** The page may be framed by no one, its own origin included (it never frames itself). */
const noFraming = { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' }

/** toolcat's virtual modules as the dev server serves them: `/@id/~toolcat/…` and their `\0` forms. */
function isToolcatModule(pathname: string): boolean {
  return /(?:~|%7e)toolcat\/|__x00__toolcat\/|(?:\0|%00)toolcat\//i.test(pathname)
}

/**
 * Whether a request comes from a page of another origin: the browser's `Sec-Fetch-Site` says
 * `cross-site` or `same-site` (another port or subdomain), or its `Origin` is none of the dev
 * server's own URLs. `Origin` is never compared with `Host`, which a rebound DNS name sets.
 * A request without either (a tab typing the address, curl) is served.
 */
function fromAnotherOrigin(headers: Record<string, string | string[] | undefined>, server: ViteDevServer): boolean {
  const site = headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = headers.origin
  if (typeof origin !== 'string') return false
  const own = [...(server.resolvedUrls?.local ?? []), ...(server.resolvedUrls?.network ?? []), ...(server.config.server.origin === undefined ? [] : [server.config.server.origin])]
  return !own.some((url) => new URL(url).origin === origin)
}
