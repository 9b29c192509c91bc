import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build, createServer, preview, type ViteDevServer } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../setup/chromium.js'
import { eventually } from './helpers/eventually.js'
import { copyFixture, fixture, outputFolder, repoRoot, runtimeEntry } from './helpers/paths.js'

// The try-it page a real vite dev server serves at /__toolcat/ over a copy of
// fixtures/plugin-explorer, in headless Chromium: forms generated from the schemas, validated by
// the tools' own validators, calls made through the page's registry (the tools run in the page),
// confirmation for a consequential tool, and the page following edits on disk.

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function startDev(options: Parameters<typeof toolcatVite>[0]): Promise<{ root: string; server: ViteDevServer; url: string }> {
  const root = copyFixture('plugin-explorer', 'dev-page')
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { toolcat: runtimeEntry } },
    plugins: [toolcatVite(options)],
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  await server.listen()
  return { root, server, url: server.resolvedUrls?.local[0] ?? '' }
}

describe('the try-it page at /__toolcat/', () => {
  let root: string
  let server: ViteDevServer
  let page: Page
  const failures: string[] = []

  beforeAll(async () => {
    const dev = await startDev({ tools: 'tools' })
    ;({ root, server } = dev)
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('response', (response) => {
      if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`)
    })
    page.on('pageerror', (error) => failures.push(error.message))
    // `/__toolcat` redirects to the page.
    await page.goto(new URL('__toolcat', dev.url).href)
    await page.locator('#shape_area form').waitFor()
  })
  afterAll(async () => {
    await page?.close()
    await server?.close()
    rmSync(root, { recursive: true, force: true })
  })

  const form = (tool: string) => page.locator(`#${tool} form.tc-try`)
  const field = (tool: string, path: string) => form(tool).locator(`[role=tabpanel]:not([hidden]) [data-path="${path}"], :scope > [data-path="${path}"]`).first()
  const result = (tool: string) => form(tool).locator('.tc-result')

  test("each tool shows its code-mode signature from its written types, linking to its signature section", async () => {
    const line = page.locator('#shape_area .tc-signature-line a')
    expect(await line.textContent()).toBe('function shape_area(args: ShapeAreaArgs): Promise<ShapeAreaResult>')
    expect(await line.getAttribute('href')).toBe('#shape_area.signature')
    const module = await page.locator('section[id="shape_area.signature"] pre').textContent()
    expect(module).toContain('/** A circle, by its radius. */\nexport interface Circle {')
    expect(module).toContain('export type ShapeAreaArgs = {\n  shape: Circle | Rectangle')
    expect(await page.locator('article.tc-tool .tc-signature-line').count()).toBe(await page.locator('article.tc-tool').count())
  })

  test('a union-typed tool: pick a branch, fill it, run it, see the result', async () => {
    expect(page.url()).toMatch(/\/__toolcat\/$/)
    const union = field('shape_area', 'shape')
    expect(await union.locator('[role=tab]').allTextContents()).toEqual(['kind: "circle"', 'kind: "rectangle"'])
    // The default of `precision` is prefilled.
    expect(await field('shape_area', 'precision').locator('input').inputValue()).toBe('2')
    await union.locator('[role=tab]', { hasText: 'rectangle' }).click()
    await field('shape_area', 'shape.width').locator('input').fill('3')
    await field('shape_area', 'shape.height').locator('input').fill('4.5')
    await form('shape_area').locator('button[type=submit]').click()
    // The first call imports the tool's module, which the dev server transforms on demand.
    await expect.poll(() => result('shape_area').textContent(), { timeout: 20_000 }).toContain('"area": 13.5')
    expect(await result('shape_area').getAttribute('class')).toContain('tc-success')
    mkdirSync(join(repoRoot, 'test-artifacts'), { recursive: true })
    await form('shape_area').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(repoRoot, 'test-artifacts/dev-page.png') })
  })

  test('an invalid value is refused by the tool’s validator and its fault is shown at its field', async () => {
    await field('shape_area', 'precision').locator('input').fill('9')
    await form('shape_area').locator('button[type=submit]').click()
    await expect.poll(() => field('shape_area', 'precision').locator('.tc-fault').textContent()).toContain('precision: maximum; expected <= 6; received 9')
    expect(await field('shape_area', 'precision').locator('input').getAttribute('aria-invalid')).toBe('true')
    expect(await result('shape_area').textContent()).toContain('Arguments refused')
    // Mended, the fault goes and the call runs.
    await field('shape_area', 'precision').locator('input').fill('0')
    await form('shape_area').locator('button[type=submit]').click()
    await expect.poll(() => result('shape_area').textContent()).toContain('"area": 14')
    expect(await form('shape_area').locator('.tc-fault').count()).toBe(0)
  })

  test('a consequential tool asks first: cancelled, it does not run; confirmed, it runs in the page', async () => {
    await field('transfer_funds', 'from').locator('input').fill('ACC-1')
    await field('transfer_funds', 'to').locator('input').fill('ACC-2')
    await field('transfer_funds', 'amount').locator('input').fill('25')
    await form('transfer_funds').locator('button[type=submit]').click()
    const dialog = page.locator('dialog.tc-dialog[open]')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('"amount": 25')
    await dialog.locator('button', { hasText: 'Cancel' }).click()
    await expect.poll(() => result('transfer_funds').textContent(), { timeout: 20_000 }).toContain('Failed')
    expect(await page.evaluate(() => (globalThis as { transfers?: number }).transfers)).toBeUndefined()
    await form('transfer_funds').locator('button[type=submit]').click()
    await page.locator('dialog.tc-dialog[open] button', { hasText: 'Run' }).click()
    await expect.poll(() => result('transfer_funds').textContent()).toContain('"transfers": 1')
    expect(await page.evaluate(() => (globalThis as { transfers?: number }).transfers)).toBe(1)
  })

  test('invalid arguments to a consequential tool are refused before anything is asked', async () => {
    await field('transfer_funds', 'amount').locator('input').fill('5000')
    await form('transfer_funds').locator('button[type=submit]').click()
    await expect.poll(() => field('transfer_funds', 'amount').locator('.tc-fault').textContent()).toContain('amount: maximum')
    expect(await page.locator('dialog.tc-dialog[open]').count()).toBe(0)
  })

  test('the confirmation dialog shows control, line-separator and bidirectional characters of an argument escaped', async () => {
    await field('transfer_funds', 'amount').locator('input').fill('25')
    await field('transfer_funds', 'to').locator('input').fill('ACC-2\u2028\u2028Run it? [Run]\u202Eevil\u2066x\u200F')
    await form('transfer_funds').locator('button[type=submit]').click()
    const dialog = page.locator('dialog.tc-dialog[open]')
    await dialog.waitFor()
    const shown = (await dialog.locator('pre').textContent()) ?? ''
    expect(shown).not.toMatch(/[\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f]/)
    expect(shown).toContain('"to": "ACC-2\\u{2028}\\u{2028}Run it? [Run]\\u{202E}evil\\u{2066}x\\u{200F}"')
    await dialog.locator('button', { hasText: 'Cancel' }).click()
    await field('transfer_funds', 'to').locator('input').fill('ACC-2')
  })

  test('the page cannot be framed by another origin: its headers forbid it and Chromium draws nothing of it in the frame', async () => {
    const response = await fetch(new URL('__toolcat/', server.resolvedUrls?.local[0]))
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    const devPage = new URL('__toolcat/', server.resolvedUrls?.local[0]).href
    const attacker = await servePage(`<iframe id="decoy" src="${devPage}" width="800" height="600"></iframe>`)
    const other = await browser.newPage()
    try {
      await other.goto(attacker.url)
      await other.waitForTimeout(1500)
      const framed = other.frames().filter((frame) => frame !== other.mainFrame())
      expect(framed).toHaveLength(1)
      expect(await framed[0]?.locator('form.tc-try').count().catch(() => 0)).toBe(0)
    } finally {
      await other.close()
      attacker.server.close()
    }
  })

  test('a page of another origin gets neither the page nor a toolcat module (403); the page itself still loads them', async () => {
    const own = server.resolvedUrls?.local[0] as string
    const attacker = await servePage('<p>attacker</p>')
    const other = await browser.newPage()
    try {
      await other.goto(attacker.url)
      // A string, not a function: vitest would rewrite the function's import().
      const module = JSON.stringify(new URL('@id/~toolcat/dev-page', own).href)
      const loaded = await other.evaluate(`import(${module}).then(() => 'loaded', (error) => 'refused: ' + error.message)`)
      expect(loaded).toMatch(/^refused/)
    } finally {
      await other.close()
      attacker.server.close()
    }
    const foreign: Record<string, string>[] = [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]
    for (const headers of foreign) {
      expect((await fetch(new URL('@id/~toolcat/dev-page', own), { headers })).status).toBe(403)
      expect((await fetch(new URL('__toolcat/', own), { headers })).status).toBe(403)
    }
    expect((await fetch(new URL('@id/~toolcat/dev-page', own), { headers: { origin: new URL(own).origin, 'sec-fetch-site': 'same-origin' } })).status).toBe(200)
  })

  test('an array field takes items added and removed; an optional one left empty is not sent', async () => {
    await field('render_note', 'text').locator('input').fill('hello')
    await form('render_note').locator('button[type=submit]').click()
    await expect.poll(() => result('render_note').textContent(), { timeout: 20_000 }).toContain('"tags": []')
    const tags = field('render_note', 'tags')
    for (let item = 0; item < 3; item++) await tags.locator('button', { hasText: 'Add item' }).click()
    await tags.locator('[data-path="tags.0"] input').fill('a')
    await tags.locator('[data-path="tags.1"] input').fill('b')
    await tags.locator('[data-path="tags.2"] input').fill('c')
    await tags.locator('button', { hasText: 'Remove' }).first().click()
    // The items after the removed one move up, and so do their paths.
    expect(await tags.locator('[data-path="tags.0"] input').inputValue()).toBe('b')
    await form('render_note').locator('button[type=submit]').click()
    await expect.poll(() => result('render_note').textContent()).toMatch(/"tags": \[\s*"b",\s*"c"\s*\]/)
  })

  test("editing a tool's description updates the page without a restart", async () => {
    const file = join(root, 'tools/shape-area.ts')
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace('/** Compute the area of a shape:', '/** Work out the area of a shape:'))
    await eventually(
      () => page.locator('#shape_area .tc-description').textContent().catch(() => ''),
      (description) => description?.startsWith('Work out the area of a shape') === true,
    )
    expect(failures).toEqual([])
  })

  test('a tool broken on disk puts its error on the page in place of the tools; mended, the tools come back', async () => {
    const broken = join(root, 'tools/meet.ts')
    writeFileSync(broken, "import { defineTool } from 'toolcat'\n\n/** When to meet. */\nexport default defineTool({\n  execute(args: { when: Date }) {\n    return String(args.when)\n  },\n})\n")
    const failure = page.locator('section.tc-build-failure pre')
    await expect.poll(() => failure.textContent().catch(() => ''), { timeout: 15_000 }).toMatch(/tools\/meet\.ts:5:\d+ - error TC1005: when: Date is not a JSON type/)
    expect(await page.locator('article.tc-tool').count()).toBe(0)
    rmSync(broken)
    await page.locator('#shape_area form').waitFor({ timeout: 15_000 })
    expect(await page.locator('section.tc-build-failure').count()).toBe(0)
  })
})

test('devPage: false serves no page', async () => {
  const dev = await startDev({ tools: 'tools', devPage: false })
  try {
    const response = await fetch(new URL('__toolcat/', dev.url))
    expect(await response.text()).not.toContain('~toolcat/dev-page')
  } finally {
    await dev.server.close()
    rmSync(dev.root, { recursive: true, force: true })
  }
})

test('a build serves no page: vite preview of the built app answers /__toolcat/ without it', async () => {
  const outDir = outputFolder('dev-page-build')
  const config = { root: fixture('plugin-page'), configFile: false, logLevel: 'silent', resolve: { alias: { toolcat: runtimeEntry } } } as const
  await build({ ...config, plugins: [toolcatVite({ tools: '../plugin-app/tools' })], build: { outDir, emptyOutDir: true } })
  const server = await preview({ ...config, plugins: [toolcatVite({ tools: '../plugin-app/tools' })], build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } })
  try {
    const response = await fetch(new URL('__toolcat/', server.resolvedUrls?.local[0]))
    expect(await response.text()).not.toContain('~toolcat/dev-page')
  } finally {
    await server.close()
    rmSync(outDir, { recursive: true, force: true })
  }
})

/** A page of another origin (another port on 127.0.0.1): the attacker's. */
async function servePage(html: string): Promise<{ url: string; server: Server }> {
  const server = createHttpServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>${html}`))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}
