import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build, preview, type PreviewServer } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchChromium } from '../setup/chromium.js'
import { fixture, outputFolder, repoRoot, runtimeEntry } from './helpers/paths.js'

const root = fixture('plugin-page')
const outDir = outputFolder('page')
const plugins = () => [toolcatVite({ tools: '../plugin-app/tools' })]
const config = { root, configFile: false, logLevel: 'silent', resolve: { alias: { toolcat: runtimeEntry } } } as const

let server: PreviewServer
let browser: Browser
let page: Page
const requested: string[] = []

/** The built chunk holding a marker string of one handler. */
function chunkWith(marker: string): string {
  const assets = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'))
  const [chunk, ...others] = assets.filter((file) => readFileSync(join(outDir, 'assets', file), 'utf8').includes(marker))
  if (chunk === undefined || others.length > 0) throw new Error(`expected one chunk holding ${marker}, found ${[chunk, ...others].join(', ')}`)
  return `/assets/${chunk}`
}

const fetched = (chunk: string) => requested.some((url) => new URL(url).pathname === chunk)

beforeAll(async () => {
  rmSync(outDir, { recursive: true, force: true })
  await build({ ...config, plugins: plugins(), build: { outDir, emptyOutDir: true } })
  server = await preview({ ...config, plugins: plugins(), build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } })
  browser = await launchChromium()
  page = await browser.newPage()
  page.on('request', (request) => requested.push(request.url()))
  await page.goto(server.resolvedUrls?.local[0] ?? '')
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

test('the page lists the definitions without fetching any handler chunk', async () => {
  await expect.poll(() => page.locator('#tools li').allTextContents()).toEqual(['add: Add two numbers.', 'greet: Greet someone by name.'])
  expect(fetched(chunkWith('add-handler'))).toBe(false)
  expect(fetched(chunkWith('greet-handler'))).toBe(false)
})

test('calling a tool fetches exactly its chunk and shows the result', async () => {
  await page.click('#call')
  await expect.poll(() => page.locator('#result').textContent()).toContain('"sum":42')
  expect(fetched(chunkWith('add-handler'))).toBe(true)
  expect(fetched(chunkWith('greet-handler'))).toBe(false)
  mkdirSync(join(repoRoot, 'test-artifacts'), { recursive: true })
  await page.screenshot({ path: join(repoRoot, 'test-artifacts/plugin-page.png') })
})
