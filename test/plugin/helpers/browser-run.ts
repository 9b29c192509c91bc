import { readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import type { Browser } from 'playwright-core'

const types: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html', '.json': 'application/json' }

/**
 * Serves `folder` on 127.0.0.1 and opens, in `browser`, a page that imports `entry` (a module of
 * the folder exporting `main()`), calls it and resolves with what it returned (JSON-cloned).
 */
export async function runInBrowser(browser: Browser, folder: string, entry: string): Promise<unknown> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/') {
      response.setHeader('content-type', 'text/html')
      response.end(`<script type="module">import(${JSON.stringify(`/${entry}`)}).then((app) => app.main()).then((value) => { window.RESULT = { value } }, (error) => { window.RESULT = { error: String(error) } })</script>`)
      return
    }
    const file = path.join(folder, decodeURIComponent(url.pathname))
    if (!file.startsWith(folder) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.statusCode = 404
      response.end()
      return
    }
    response.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream')
    response.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const page = await browser.newPage()
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`)
    await page.waitForFunction(() => (window as unknown as { RESULT?: unknown }).RESULT !== undefined, undefined, { timeout: 20_000 })
    const outcome = (await page.evaluate(() => (window as unknown as { RESULT: unknown }).RESULT)) as { value?: unknown; error?: string }
    if (outcome.error !== undefined) throw new Error(`the page failed: ${outcome.error}`)
    return outcome.value
  } finally {
    await page.close()
    await close(server)
  }
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}
