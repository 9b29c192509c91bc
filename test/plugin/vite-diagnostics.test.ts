import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, createLogger, createServer, type Logger, type ViteDevServer } from 'vite'
import toolcatVite from 'toolcat/vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventually } from './helpers/eventually.js'
import { copyFixture, outputFolder, runtimeEntry } from './helpers/paths.js'

// What vite prints of toolcat's diagnostics, through its logger, in `vite build` and `vite` dev: each
// as `toolcat build` prints it, a warning once while it lasts, and the try-it page showing the errors
// of a broken build instead of the tools that are left.

/** A tool whose `@minimum` is on a string: a warning (TC1003) at line 6, the tag left out. */
function lookupTool(description: string, tag = '/** @minimum 1 */ '): string {
  return `import { defineTool } from 'toolcat'\n\n/** ${description} */\nexport default defineTool({\n  annotations: { pure: true },\n  execute(args: { ${tag}name: string }) {\n    return { name: args.name }\n  },\n})\n`
}

/** A tool taking a `Date`, not a JSON type: an error at line 5, on a source line holding `<` and `>`. */
const brokenTool = `import { defineTool } from 'toolcat'\n\n/** When to meet. */\nexport default defineTool({\n  execute(args: { tags: Array<string>; when: Date }) {\n    return { at: String(args.when) }\n  },\n})\n`

const LOOKUP_WARNING = /tools\/lookup\.ts:6:\d+ - warning TC\d{4}: name: @minimum does not apply to [^\n]*\n {2}6 \| [^\n]*\n[^\n]*\^[^\n]*\n {2}hint: /

/** A logger that keeps what vite and toolcat print (`warn` and `error`), in place of vite's own. */
function keepingLogger(): { logger: Logger; printed: string[] } {
  const printed: string[] = []
  const logger: Logger = { ...createLogger('silent'), info: () => {}, warn: (message) => printed.push(message), warnOnce: (message) => printed.push(message), error: (message) => printed.push(message) }
  return { logger, printed }
}

const count = (printed: readonly string[], pattern: RegExp): number => printed.filter((message) => pattern.test(message)).length

test('vite build prints a warning of a tool module once, as toolcat build prints it', async () => {
  const root = copyFixture('plugin-app', 'warn-build')
  const outDir = outputFolder('warn-build-out')
  const { logger, printed } = keepingLogger()
  try {
    writeFileSync(join(root, 'tools/lookup.ts'), lookupTool('Look a name up.'))
    await build({
      root,
      configFile: false,
      customLogger: logger,
      resolve: { alias: { toolcat: runtimeEntry } },
      plugins: [toolcatVite()],
      build: { ssr: 'main.ts', outDir, emptyOutDir: true, rollupOptions: { output: { format: 'esm', entryFileNames: 'main.js' } } },
    })
    expect(count(printed, LOOKUP_WARNING)).toBe(1)
    expect(printed.join('\n')).not.toMatch(/ - error TC/)
  } finally {
    rmSync(root, { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  }
})

test('vite build --watch prints a warning once across rebuilds that keep it', async () => {
  const root = copyFixture('plugin-app', 'warn-watch')
  const outDir = outputFolder('warn-watch-out')
  const { logger, printed } = keepingLogger()
  writeFileSync(join(root, 'tools/lookup.ts'), lookupTool('Look a name up.'))
  const watcher = (await build({
    root,
    configFile: false,
    customLogger: logger,
    resolve: { alias: { toolcat: runtimeEntry } },
    plugins: [toolcatVite()],
    build: { watch: {}, ssr: 'main.ts', outDir, emptyOutDir: true, rollupOptions: { output: { format: 'esm', entryFileNames: 'main.js' } } },
  })) as { on(event: 'event', listener: (event: { result?: { close(): Promise<void> } }) => void): void; close(): Promise<void> }
  watcher.on('event', (event) => {
    if (event.result !== undefined) void event.result.close()
  })
  try {
    // Each rebuild writes the catalog it derived.
    const built = (): string => (existsSync(join(outDir, 'catalog.json')) ? readFileSync(join(outDir, 'catalog.json'), 'utf8') : '')
    await eventually(built, (catalog) => catalog.includes('Look a name up.'))
    const add = join(root, 'tools/add.ts')
    writeFileSync(add, readFileSync(add, 'utf8').replace('Add two numbers.', 'Add two numbers, edited.'))
    await eventually(built, (catalog) => catalog.includes('Add two numbers, edited.'))
    writeFileSync(join(root, 'tools/lookup.ts'), lookupTool('Look a name up, edited.'))
    await eventually(built, (catalog) => catalog.includes('Look a name up, edited.'))
    expect(count(printed, LOOKUP_WARNING)).toBe(1)
  } finally {
    await watcher.close()
    rmSync(root, { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  }
})

describe('a vite dev server', () => {
  let root: string
  let server: ViteDevServer
  let url: string
  let printed: string[]

  beforeAll(async () => {
    root = copyFixture('plugin-app', 'warn-dev')
    writeFileSync(join(root, 'tools/lookup.ts'), lookupTool('Look a name up.'))
    const kept = keepingLogger()
    printed = kept.printed
    server = await createServer({
      root,
      configFile: false,
      customLogger: kept.logger,
      resolve: { alias: { toolcat: runtimeEntry } },
      plugins: [toolcatVite()],
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    })
    await server.listen()
    url = server.resolvedUrls?.local[0] ?? ''
  })
  afterAll(async () => {
    await server?.close()
    rmSync(root, { recursive: true, force: true })
  })

  /** The catalog module as the dev server serves it over HTTP. */
  const catalogModule = async (): Promise<string> => (await fetch(new URL('@id/~toolcat/catalog', url))).text()
  /** Edits the lookup tool and waits until the served catalog has the edit. */
  const editLookup = async (description: string, tag?: string): Promise<void> => {
    writeFileSync(join(root, 'tools/lookup.ts'), lookupTool(description, tag))
    await eventually(catalogModule, (text) => text.includes(description))
  }

  test('prints a warning once across edits that keep it, and again once it is mended and brought back', async () => {
    expect(await catalogModule()).toContain('Look a name up.')
    expect(count(printed, LOOKUP_WARNING)).toBe(1)
    await editLookup('Look a name up, first edit.')
    await editLookup('Look a name up, second edit.')
    expect(count(printed, LOOKUP_WARNING)).toBe(1)
    await editLookup('Look a name up, mended.', '')
    expect(count(printed, LOOKUP_WARNING)).toBe(1)
    await editLookup('Look a name up, warned again.')
    expect(count(printed, LOOKUP_WARNING)).toBe(2)
  })

  test('/__toolcat/ shows the errors of a broken build, escaped, and the tools again once they are mended', async () => {
    const page = async (): Promise<string> => (await fetch(new URL('__toolcat/', url))).text()
    expect(await page()).not.toContain('<section class="tc-build-failure"')
    writeFileSync(join(root, 'tools/meet.ts'), brokenTool)
    const broken = await eventually(page, (html) => html.includes('<section class="tc-build-failure"'))
    expect(broken).toMatch(/tools\/meet\.ts:5:\d+ - error TC1005: when: Date is not a JSON type/)
    // The source line under the error, as HTML that shows it as written.
    expect(broken).toContain('Array&#60;string&#62;')
    expect(broken).not.toContain('Array<string>')
    // The page's module shows the same errors (it imports nothing of the app meanwhile).
    const module = await (await fetch(new URL('@id/~toolcat/dev-page', url))).text()
    expect(module).toContain('when: Date is not a JSON type')
    expect(module).not.toContain('~toolcat/registry')
    // The app's registry is refused on every request while the errors last, not served with the tools that are left.
    for (let request = 0; request < 2; request++) expect((await fetch(new URL('@id/~toolcat/registry', url))).status).toBe(500)
    // The dev server printed the error through vite's logger, as toolcat build prints it.
    expect(count(printed, /tools\/meet\.ts:5:\d+ - error TC1005: when: Date is not a JSON type\n {2}5 \| /)).toBeGreaterThanOrEqual(1)

    writeFileSync(join(root, 'tools/meet.ts'), brokenTool.replace('when: Date', 'when: string'))
    const mended = await eventually(page, (html) => !html.includes('<section class="tc-build-failure"'))
    expect(mended).toContain('~toolcat/dev-page')
    expect((await fetch(new URL('@id/~toolcat/registry', url))).status).toBe(200)
    expect(await (await fetch(new URL('@id/~toolcat/dev-page', url))).text()).toContain('mountCatalogPage')
  })
})
