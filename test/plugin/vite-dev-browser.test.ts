import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../setup/chromium.js'
import { eventually } from './helpers/eventually.js'
import { addedTool, copyFixture, runtimeEntry } from './helpers/paths.js'

// A real vite dev server (listening on a free port) over a copy of fixtures/plugin-dev, and its
// page in headless Chromium: what `vite` serves an app configured as the README shows, with
// `tools` as a folder, a glob list and a single file. Each edit on disk must reach the page
// without restarting the server.

type CallResult = { success: boolean; value?: unknown; error?: string }

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

interface DevApp {
  readonly root: string
  readonly page: Page
  /** Every response of 500 or above the page received, with its URL. */
  readonly failures: string[]
  close(): Promise<void>
}

async function startDev(tools: string | string[]): Promise<DevApp> {
  const root = copyFixture('plugin-dev', 'dev-browser')
  const server: ViteDevServer = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { toolcat: runtimeEntry } },
    plugins: [toolcatVite({ tools })],
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  await server.listen()
  const page = await browser.newPage()
  const failures: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(server.resolvedUrls?.local[0] ?? '')
  return {
    root,
    page,
    failures,
    async close() {
      await page.close()
      await server.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** A dev app started before the tests of the enclosing `describe` and closed after them. */
function devApp(tools: string | string[]): () => DevApp {
  let app: DevApp | undefined
  beforeAll(async () => {
    app = await startDev(tools)
  })
  afterAll(() => app?.close())
  return () => {
    if (app === undefined) throw new Error('the dev app did not start')
    return app
  }
}

/** The tools the page lists, as `name: description (parameters)`; empty while it (re)loads. */
const listed = (app: DevApp) => (): Promise<string[]> => app.page.locator('#tools li').allTextContents().catch(() => [])

/** A call through the page's registry; `undefined` when the page was reloading at that moment. */
const call = (app: DevApp, name: string, args: Record<string, unknown>) => (): Promise<CallResult | undefined> =>
  app.page
    .evaluate(([tool, values]) => (globalThis as unknown as { callTool(n: unknown, a: unknown): Promise<CallResult> }).callTool(tool, values), [name, args] as const)
    .catch(() => undefined)

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`)
  writeFileSync(file, text.replace(from, to))
}

const sameAs = (expected: unknown) => (value: unknown) => JSON.stringify(value) === JSON.stringify(expected)

describe("tools as a folder ('tools', as the README configures it)", () => {
  const app = devApp('tools')

  test('the page lists the tools and a call runs its handler, with no module answering 500', async () => {
    await eventually(listed(app()), sameAs(['add: Add two numbers. (left, right)', 'search: Search the notes. (text)']))
    expect(await eventually(call(app(), 'add', { left: 2, right: 3 }), (result) => result !== undefined)).toEqual({
      id: 'page',
      name: 'add',
      success: true,
      value: { sum: 5, by: 'add v1' },
    })
    expect(app().failures).toEqual([])
  })

  test("editing a tool's description and parameters updates the page", async () => {
    edit(join(app().root, 'tools/add.ts'), '/** Add two numbers. */', '/** Add two numbers together. */')
    edit(join(app().root, 'tools/add.ts'), 'right: number }', 'right: number; note?: string }')
    await eventually(listed(app()), (tools) => tools.includes('add: Add two numbers together. (left, right, note)'))
  })

  test("editing a handler's body is picked up by the next call", async () => {
    edit(join(app().root, 'tools/add.ts'), "by: 'add v1'", "by: 'add v2'")
    const result = await eventually(call(app(), 'add', { left: 1, right: 1 }), (value) => (value?.value as { by?: string } | undefined)?.by === 'add v2')
    expect(result?.value).toEqual({ sum: 2, by: 'add v2' })
  })

  test('editing a type file a tool imports changes its schema and its validator on the page', async () => {
    const rejected = await eventually(call(app(), 'search', { text: 'x' }), (result) => result !== undefined)
    expect(rejected).toMatchObject({ success: false, error: expect.stringContaining('text: minLength') })
    edit(join(app().root, 'tools/shapes.ts'), '  text: string\n', '  text: string\n  /** @maximum 10 */\n  limit?: number\n')
    edit(join(app().root, 'tools/shapes.ts'), '/** @minLength 2 */', '/** @minLength 1 */')
    await eventually(listed(app()), (tools) => tools.includes('search: Search the notes. (text, limit)'))
    // The precompiled validator in the tool's own module follows the type: one letter is now enough, 11 is too many.
    await eventually(call(app(), 'search', { text: 'x' }), (result) => result?.success === true)
    expect(await eventually(call(app(), 'search', { text: 'x', limit: 11 }), (result) => result !== undefined)).toMatchObject({
      success: false,
      error: expect.stringContaining('limit: maximum'),
    })
  })

  test('a tool file added appears, callable; a tool file deleted disappears', async () => {
    copyFileSync(addedTool, join(app().root, 'tools/shout.ts'))
    await eventually(listed(app()), (tools) => tools.includes('shout: Shout a text back in capitals. (text)'))
    expect(await eventually(call(app(), 'shout', { text: 'hey' }), (result) => result?.success === true)).toMatchObject({ value: 'HEY' })
    // The typed declaration follows too (written by the dev server as it re-derives).
    expect(readFileSync(join(app().root, 'typed-tools.d.ts'), 'utf8')).toContain('"shout": { args: { text: string }; result: string; chunk: never }')
    rmSync(join(app().root, 'tools/add.ts'))
    await eventually(listed(app()), sameAs(['search: Search the notes. (text, limit)', 'shout: Shout a text back in capitals. (text)']))
    expect(app().failures).toEqual([])
  })
})

describe('tools as a glob list', () => {
  const app = devApp(['tools/{add,search}.ts', 'tools/more/*.ts'])

  test('a new file matching a glob appears, one matching none does not', async () => {
    await eventually(listed(app()), sameAs(['add: Add two numbers. (left, right)', 'search: Search the notes. (text)']))
    copyFileSync(addedTool, join(app().root, 'tools/shout.ts'))
    mkdirSync(join(app().root, 'tools/more'))
    copyFileSync(addedTool, join(app().root, 'tools/more/yell.ts'))
    await eventually(listed(app()), (tools) => tools.includes('yell: Shout a text back in capitals. (text)'))
    expect(await listed(app())()).toEqual(['add: Add two numbers. (left, right)', 'search: Search the notes. (text)', 'yell: Shout a text back in capitals. (text)'])
    expect(app().failures).toEqual([])
  })
})

describe('tools as a single file', () => {
  const app = devApp('tools/search.ts')

  test('only that tool is listed; editing the type file it imports updates it; other new files stay out', async () => {
    await eventually(listed(app()), sameAs(['search: Search the notes. (text)']))
    copyFileSync(addedTool, join(app().root, 'tools/shout.ts'))
    edit(join(app().root, 'tools/shapes.ts'), '  text: string\n', '  text: string\n  exact?: boolean\n')
    await eventually(listed(app()), sameAs(['search: Search the notes. (text, exact)']))
    expect(app().failures).toEqual([])
  })
})
