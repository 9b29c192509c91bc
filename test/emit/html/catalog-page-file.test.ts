import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { copyFixture, repoRoot, runCli } from '../../cli/run-cli.js'
import { readmeBlock } from '../../plugin/helpers/readme-block.js'
import { launchChromium } from '../../setup/chromium.js'

// `toolcat export --format html` over the example tools (fixtures/basic) plus the explorer's
// (fixtures/plugin-explorer: a union parameter, a consequential tool, a description full of
// markup), opened from file:// in headless Chromium with every non-file request refused.

let browser: Browser
let context: BrowserContext
let page: Page
let html: string
let catalog: { tools: { name: string }[] }
/** summarize_org_chart's module in a code export of the same tools (a tool with a named type, OrgNode). */
let orgChartModule: string
const network: string[] = []

beforeAll(async () => {
  const app = copyFixture('basic')
  cpSync(join(repoRoot, 'fixtures/plugin-explorer/tools'), join(app, 'tools/explorer'), { recursive: true })
  const built = runCli(['build', 'tools', '--out', 'catalog.json'], app)
  expect(built.status, built.stderr).toBe(0)
  catalog = JSON.parse(readFileSync(join(app, 'catalog.json'), 'utf8'))
  // README's command, exactly as written, with the built `toolcat` first on PATH.
  const exported = spawnSync('sh', ['-c', readmeBlock('catalog-page-export')], { cwd: app, encoding: 'utf8', env: { ...process.env, PATH: `${toolcatOnPath()}${delimiter}${process.env.PATH}` } })
  expect(exported.status, exported.stderr).toBe(0)
  html = readFileSync(join(app, 'catalog.html'), 'utf8')
  const code = runCli(['export', 'tools', '--format', 'code', '--out', 'api'], app)
  expect(code.status, code.stderr).toBe(0)
  orgChartModule = readFileSync(join(app, 'api/summarize_org_chart.d.ts'), 'utf8')
  browser = await launchChromium()
  context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 860 }, colorScheme: 'light' })
  await context.route('**/*', (route) => {
    const url = route.request().url()
    if (url.startsWith('file:')) return route.continue()
    network.push(url)
    return route.abort()
  })
  page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(pathToFileURL(join(app, 'catalog.html')).href)
  await page.locator('#tc-nav li').first().waitFor()
  expect(errors).toEqual([])
  rmSync(app, { recursive: true, force: true })
})

afterAll(async () => {
  await browser?.close()
})

/** A folder holding a `toolcat` command that runs the built CLI, as an installed package's bin does. */
function toolcatOnPath(): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolcat-bin-'))
  writeFileSync(join(folder, 'toolcat'), `#!/bin/sh\nexec "${process.execPath}" "${join(repoRoot, 'dist/src/cli/bin.js')}" "$@"\n`)
  chmodSync(join(folder, 'toolcat'), 0o755)
  return folder
}

const shownTools = () => page.locator('#tc-nav li:not([hidden])').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.tool))

test('every tool of the catalog is listed and has its own section, and nothing was fetched', async () => {
  const names = catalog.tools.map((tool) => tool.name)
  expect(names).toEqual(expect.arrayContaining(['convert_currency', 'create_ticket', 'send_email', 'weather', 'write_file', 'shape_area', 'render_note']))
  expect(await shownTools()).toEqual(names)
  expect(await page.locator('article.tc-tool').evaluateAll((cards) => cards.map((card) => card.id))).toEqual(names)
  expect(network).toEqual([])
})

test('the search narrows the list, and clearing it brings every tool back', async () => {
  await page.fill('#tc-search', 'event')
  expect(await shownTools()).toEqual(['create_event', 'list_events'])
  expect(await page.locator('article.tc-tool:not([hidden])').count()).toBe(2)
  // Ranked as registry.search ranks (a tool naming the words first), the long tail left out.
  await page.fill('#tc-search', 'file workspace')
  const files = await shownTools()
  expect(files.slice(0, 2)).toEqual(['read_file', 'write_file'])
  expect(files).not.toContain('weather')
  expect(files).not.toContain('render_note')
  // The vocabulary of APIs: "add" is a create, which no plain filter would find.
  await page.fill('#tc-search', 'add an issue')
  expect((await shownTools())[0]).toBe('create_ticket')
  await page.fill('#tc-search', '')
  expect(await shownTools()).toHaveLength(catalog.tools.length)
})

test('the keyboard reaches everything: / focuses the search, Enter opens the first match, arrows walk the list', async () => {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('/')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('tc-search')
  await page.keyboard.type('weather')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#weather')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('weather')
  await page.fill('#tc-search', '')
  await page.focus('#tc-search')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^create_event/)
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#create_event')
})

test('a union parameter shows its branches as tabs', async () => {
  const union = page.locator('#shape_area .tc-union')
  expect(await union.locator('[role=tab]').allTextContents()).toEqual(['kind: "circle"', 'kind: "rectangle"'])
  expect(await union.locator('[role=tabpanel]:not([hidden]) .tc-name').allTextContents()).toEqual(['kind', 'radius'])
  await union.locator('[role=tab]').nth(1).click()
  expect(await union.locator('[role=tabpanel]:not([hidden]) .tc-name').allTextContents()).toEqual(['kind', 'width', 'height'])
  // Arrow keys move between the tabs too.
  await union.locator('[role=tab]').nth(1).press('ArrowLeft')
  expect(await union.locator('[role=tab][aria-selected=true]').textContent()).toBe('kind: "circle"')
})

test('a description holding markup renders it as text; only its https link is a link', async () => {
  const description = page.locator('#render_note .tc-description')
  const text = await description.textContent()
  expect(text).toContain('<script>window.pwned = true</script>')
  expect(text).toContain('<img src=x onerror="window.pwned = true"> and a stray </script><!-- comment')
  expect(await description.locator('script, img').count()).toBe(0)
  expect(await description.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['https://example.com/docs'])
  expect(await description.locator('em').textContent()).toBe('Markdown')
  expect(await page.evaluate(() => (globalThis as { pwned?: unknown }).pwned)).toBeUndefined()
  // The inline JSON carries `</script><!--` escaped: the page has exactly its three script elements' end tags.
  expect(html.match(/<\/script/gi)).toHaveLength(3)
  expect(html).not.toContain('<!--')
})

test("each tool shows its code-mode signature, linking to its signature section: the tool's module of a code export", async () => {
  const card = page.locator('#summarize_org_chart')
  const line = card.locator('.tc-signature-line a')
  expect(await line.textContent()).toBe('function summarize_org_chart(args: SummarizeOrgChartArgs): Promise<SummarizeOrgChartResult>')
  expect(await line.getAttribute('href')).toBe('#summarize_org_chart.signature')
  // The section holds the module as `--format code` writes it (its generated header aside): OrgNode with its doc, the tool-named types.
  const section = card.locator('section[id="summarize_org_chart.signature"]')
  expect(await section.locator('h3').textContent()).toBe('Code mode signature · summarize_org_chart.d.ts')
  const shown = await section.locator('pre').textContent()
  expect(shown).toContain('/** One person and everyone reporting to them. */\nexport interface OrgNode {')
  expect(shown).toBe(orgChartModule.slice(orgChartModule.indexOf('\n') + 1))
  // Following the link focuses the section; every tool has one.
  await line.click()
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#summarize_org_chart.signature')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('summarize_org_chart.signature')
  expect(await page.locator('article.tc-tool .tc-signature-line').count()).toBe(catalog.tools.length)
  expect(await page.locator('#tail_logs .tc-signature-line code').textContent()).toBe('function tail_logs(args: TailLogsArgs): AsyncIterable<TailLogsChunk>')
})

test('a deep link opens on its tool, and the page reads well at phone width; screenshots kept', async () => {
  mkdirSync(join(repoRoot, 'test-artifacts'), { recursive: true })
  await page.goto(`${page.url().split('#')[0]}#shape_area`)
  await page.locator('#shape_area').waitFor()
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('shape_area')
  await page.screenshot({ path: join(repoRoot, 'test-artifacts/catalog-page.png') })
  // The README's picture of the page (committed; rewritten as the page changes).
  await page.screenshot({ path: join(repoRoot, 'docs/catalog-page.png') })
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: join(repoRoot, 'test-artifacts/catalog-page-phone.png') })
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 19, 24)')
  await page.screenshot({ path: join(repoRoot, 'test-artifacts/catalog-page-dark.png') })
})
